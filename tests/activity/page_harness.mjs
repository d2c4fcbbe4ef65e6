// Runs the Activity page's bundle in Node.js as a browser would, without a browser: the
// page's element and address stubbed, its fetches sent to the test's server. Prints the
// board address the page goes to, or the sentence it shows.
// node page_harness.mjs <bundle> <server base URL> <page query> <config JSON>
const [bundle, base, query, config] = process.argv.slice(2);
function print(answer) {
  console.log(JSON.stringify(answer));
  process.exit(0);
}
const status = {
  set textContent(text) {
    print({ said: text }); // the page shows a sentence only when it cannot go on
  },
};
globalThis.document = {
  getElementById: (id) => (id === "lutece-activity" ? { textContent: config } : status),
};
const events = new EventTarget();
globalThis.window = {
  location: {
    search: query,
    href: `${base}/activity/${query}`,
    assign: (url) => print({ board: url }),
  },
  addEventListener: events.addEventListener.bind(events),
  removeEventListener: events.removeEventListener.bind(events),
};
window.parent = window;
const realFetch = globalThis.fetch;
globalThis.fetch = (path, options) => realFetch(new URL(path, base), options);
setTimeout(() => print({ stuck: true }), 20000);
await import(bundle);
