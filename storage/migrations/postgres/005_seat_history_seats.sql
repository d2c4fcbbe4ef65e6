-- Which seat each user held (the last one): while a match runs, a member who held one of its
-- seats is given no other, since they saw that seat's secrets. -1: held before seats were
-- recorded, which one is unknown (while that match runs, they are given no seat at all).
ALTER TABLE seat_history ADD COLUMN seat INTEGER NOT NULL DEFAULT -1;
UPDATE seat_history SET seat = (
    SELECT min(s.seat) FROM seats s
    WHERE s.match_id = seat_history.match_id AND s.user_id = seat_history.user_id)
WHERE EXISTS (SELECT 1 FROM seats s
              WHERE s.match_id = seat_history.match_id AND s.user_id = seat_history.user_id);
