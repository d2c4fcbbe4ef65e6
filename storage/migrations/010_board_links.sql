-- The web board's links: each is signed for one seat of one match (or its spectators, seat
-- -1) and names the seat's link generation when it was made. Revoking a seat's links (an
-- admin's, or the seat given to someone else) moves its generation on, so every link made
-- before stops working at once. No row: generation 0.
CREATE TABLE board_links (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    generation INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
