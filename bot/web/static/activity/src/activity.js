// The Discord Activity's entry page: who is this (the Embedded App SDK's authorize, the code
// exchanged by the bot), then on to their board. The bot decides the seat; this page only
// carries the code there and the board's link back.
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

const config = JSON.parse(document.getElementById("lutece-activity").textContent);
const status = document.getElementById("status");

function say(text) {
  status.textContent = text;
}

// A sentence of the bot's (in the reader's language), as opposed to a failure of the page.
class Refusal extends Error {}

// Against the local fake Discord only (tests, the offline demo): no Discord client hosts
// the page, so the SDK's own mock stands in for it, and its authorize is answered with a
// code the fake hands out for the user named in the page's address.
function mockSdk(params) {
  const sdk = new DiscordSDKMock(
    config.client_id,
    params.get("guild_id"),
    params.get("channel_id"),
    null,
  );
  sdk._updateCommandMocks({
    authorize: async () => {
      const answer = await post("/api/activity/mock-code", { user_id: params.get("user_id") });
      return { code: answer.code };
    },
  });
  return sdk;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = await response.json();
  if (!response.ok) {
    throw new Refusal(answer.error);
  }
  return answer;
}

async function open() {
  const params = new URLSearchParams(window.location.search);
  const sdk = config.mock ? mockSdk(params) : new DiscordSDK(config.client_id);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await post("/api/activity/token", {
    code,
    guild_id: sdk.guildId,
    channel_id: sdk.channelId,
  });
  await sdk.commands.authenticate({ access_token: answer.access_token });
  window.location.assign(answer.board);
}

// Outside Discord (no client to answer the SDK), or Discord's proxy failing: the page's own
// sentence; the bot's refusals say what they are about.
open().catch((error) => say(error instanceof Refusal ? error.message : config.failed));
