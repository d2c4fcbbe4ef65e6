// The web board's page: shows the reader's screen (bot/web/seen.py) and sends their choices.
// The token comes from the link's fragment (#t=…, never sent to a server by the browser) and
// goes in an Authorization header on every request, and as the WebSocket's first message.
"use strict";

(() => {
  const match = location.pathname.split("/").filter(Boolean).pop();
  const lang = new URLSearchParams(location.search).get("lang") || "";
  const stored = "lutece.board." + match;
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("t");
  if (fromLink) {
    sessionStorage.setItem(stored, fromLink);
    history.replaceState(null, "", location.pathname + location.search);
  }
  const token = fromLink || sessionStorage.getItem(stored) || "";
  const api = "/api/board/" + match;
  const $ = (id) => document.getElementById(id);
  let shown = null; // the screen on the page
  let pictureUrl = null; // its picture, as an object URL
  // What the page shows, for tests and browser drivers to wait on: data-busy while a request
  // is under way, data-version and data-path of the screen drawn (its picture loaded too).
  const board = $("board");
  let pending = 0;
  async function busy(work) {
    pending += 1;
    board.dataset.busy = "1";
    try {
      await work();
    } finally {
      pending -= 1;
      if (!pending) delete board.dataset.busy;
    }
  }

  function withLang(url) {
    if (!lang || /[?&]lang=/.test(url)) return url;
    return url + (url.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(lang);
  }

  async function call(url, options = {}) {
    const headers = { Authorization: "Bearer " + token, ...(options.headers || {}) };
    return fetch(withLang(url), { ...options, headers, credentials: "omit", cache: "no-store" });
  }

  // A request refused for coming too fast (429: the server's rate limit) is made again a
  // moment later while it is still `wanted()` (no newer request or screen replaced it), its
  // sentence shown meanwhile: else a screen pushed in a burst of moves would never be drawn.
  const RETRY_MS = 2000;
  // An answer the page does not read is cancelled: unread, its body would hold the request
  // open (its connection, and the browser's record of it) until the page goes.
  function drop(answer) {
    if (answer.body) answer.body.cancel().catch(() => {});
  }

  async function patiently(url, options = {}, wanted = () => true) {
    for (let again = false; ; again = true) {
      const answer = await call(url, options);
      if (answer.status !== 429) {
        if (again && answer.ok && wanted()) error("");
        return answer;
      }
      const body = await answer.clone().json();
      if (wanted()) error(body.error);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      if (!wanted()) return answer;
      drop(answer);
    }
  }

  // Text with **bold** spans, built from text nodes only (never as HTML).
  function rich(element, text) {
    element.replaceChildren();
    String(text).split("**").forEach((part, i) => {
      if (!part) return;
      if (i % 2) {
        const strong = document.createElement("strong");
        strong.textContent = part;
        element.append(strong);
      } else {
        element.append(document.createTextNode(part));
      }
    });
  }

  function lines(list, items) {
    list.replaceChildren();
    for (const item of items || []) {
      const li = document.createElement("li");
      rich(li, item);
      list.append(li);
    }
  }

  function error(sentence) {
    const box = $("error");
    box.hidden = !sentence;
    box.textContent = sentence || "";
  }

  function say(sentence) {
    $("live").textContent = sentence;
  }

  // The screen's picture; not shown if a newer screen was drawn while it was fetched.
  async function picture(source, screen) {
    const image = $("picture");
    image.alt = source ? source.alt : "";
    if (!source) return;
    const answer = await patiently(source.url, {}, () => shown === screen);
    if (!answer.ok || shown !== screen) {
      drop(answer);
      return;
    }
    const blob = await answer.blob();
    if (shown !== screen) return;
    if (pictureUrl) URL.revokeObjectURL(pictureUrl);
    pictureUrl = URL.createObjectURL(blob);
    image.src = pictureUrl;
  }

  function button(label, onClick, extra = {}) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", onClick);
    for (const [key, value] of Object.entries(extra)) b.dataset[key] = value;
    return b;
  }

  async function render(screen) {
    shown = screen;
    document.documentElement.lang = screen.language;
    document.title = screen.game + " · Lutèce";
    $("game").textContent = screen.game;
    rich($("headline"), screen.headline);
    lines($("status"), screen.status);
    lines($("recap"), screen.recap);
    const turn = screen.turn;
    const confirm = turn && turn.confirm;
    $("turn").hidden = !turn || !!confirm;
    $("chosen").textContent = turn ? turn.chosen.join(" → ") : "";
    rich($("prompt"), turn ? turn.prompt : "");
    const spots = $("hotspots");
    spots.replaceChildren();
    const others = $("choices");
    others.replaceChildren();
    for (const choice of (turn && turn.choices) || []) {
      const pick = () => busy(() => load(choice.path)).then(focusStep);
      if (choice.box) {
        const [left, top, right, bottom] = choice.box;
        const spot = button("", pick, { code: choice.code, tag: choice.tag, hotspot: "" });
        spot.className = "hotspot";
        spot.setAttribute("aria-label", choice.label);
        spot.title = choice.label;
        spot.style.left = left * 100 + "%";
        spot.style.top = top * 100 + "%";
        spot.style.width = (right - left) * 100 + "%";
        spot.style.height = (bottom - top) * 100 + "%";
        spots.append(spot);
      } else {
        others.append(button(choice.label, pick, { code: choice.code, choice: "" }));
      }
    }
    const back = $("back");
    back.hidden = !(turn && turn.back);
    back.textContent = screen.words.back;
    $("confirm").hidden = !confirm;
    if (confirm) {
      rich($("move"), confirm.label);
      lines($("preview-lines"), confirm.lines);
      $("confirm-button").textContent = screen.words.confirm;
    }
    const mine = $("mine");
    mine.hidden = !screen.mine;
    $("mine-title").textContent = screen.words.secrets;
    rich($("mine-text"), screen.mine || (screen.seat === null ? screen.words.spectating : ""));
    if (screen.seat === null) {
      mine.hidden = false;
      $("mine-title").textContent = "";
    }
    await picture((confirm && confirm.preview) || screen.picture, screen);
    if (shown !== screen) return; // a newer one was drawn meanwhile
    board.dataset.version = String(screen.version);
    board.dataset.path = turn ? turn.path : "";
    board.dataset.step = confirm ? "confirm" : turn ? "choose" : "wait";
  }

  // After a pick, the focus goes to what the new step asks (the button picked is gone): a
  // screen reader reads it, and Tab goes on from there to the step's places and choices.
  function focusStep() {
    const target = $("confirm").hidden ? $("prompt") : $("move");
    if (!target.closest("[hidden]")) target.focus();
  }

  // Answers can arrive out of order (a pick's after the screen a pushed update asked for):
  // requests are numbered, and an answer is drawn only if its version is not older than the
  // screen shown, nor, for the same version, its request older than the one drawn.
  let asked = 0;
  let drawn = 0;

  async function show(screen, request) {
    const older = shown && (screen.version < shown.version ||
      (screen.version === shown.version && request < drawn));
    if (older) return;
    drawn = request;
    await render(screen);
  }

  async function load(path = "") {
    const request = ++asked;
    const url = api + "/screen?path=" + encodeURIComponent(path);
    const answer = await patiently(url, {}, () => request === asked);
    const body = await answer.json();
    if (!answer.ok) {
      if (request === asked) error(body.error); // else a newer request answers for it
      return;
    }
    if (request === asked) error("");
    await show(body, request);
  }

  async function play() {
    const confirm = shown && shown.turn && shown.turn.confirm;
    if (!confirm) return;
    const request = ++asked;
    const answer = await patiently(api + "/play", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: confirm.version, index: confirm.index }),
    }, () => request === asked);
    const body = await answer.json();
    if (!answer.ok) {
      error(body.error);
      if (body.screen) await show(body.screen, request);
      return;
    }
    say(body.done);
    await load("");
  }

  let refused = false; // the socket refused the token: no point in trying again

  function listen() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(withLang(scheme + "//" + location.host + api + "/live"));
    socket.addEventListener("open", () => socket.send(JSON.stringify({ token })));
    socket.addEventListener("message", async (event) => {
      const data = JSON.parse(event.data);
      if (data.error) {
        refused = true;
        error(data.error);
        return;
      }
      if (shown && data.version !== shown.version) {
        await busy(() => load(""));
        say(shown.words.updated.replace("{version}", String(data.version)) + " " + shown.headline);
      }
    });
    socket.addEventListener("close", () => refused || setTimeout(listen, 2000));
  }

  $("back").addEventListener("click", () => busy(() => load("")).then(focusStep));
  $("confirm-button").addEventListener("click", () => busy(play));
  busy(() => load("")).then(listen);
})();
