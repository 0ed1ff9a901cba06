// @ts-check
// Whoopies speaks its prompts (the die's call, whose turn it is), unless muted: the text is always on screen too.
import { activeHuman } from "./board.js";
import { pickPrompt } from "./words.js";

/** @typedef {import("./board.js").Board} Board */

export function readMuted() {
  try { return window.localStorage.getItem("gamebox.whoopies.muted") === "1"; } catch { return false; }
}
function writeMuted(value) {
  try { window.localStorage.setItem("gamebox.whoopies.muted", value ? "1" : "0"); } catch { /* private mode */ }
}

// ------------------------------------------------------------ voice
/** @param {Board} b */
export function say(b, text, queued = false) {
  b.canvas.dataset.spoken = text;
  if (b.muted || !text) return;
  try {
    const synth = window.speechSynthesis;
    if (!synth || typeof window.SpeechSynthesisUtterance !== "function") return;
    if (!queued) synth.cancel();
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || "en";
    utterance.rate = 1.05;
    synth.speak(utterance);
  } catch { /* no voice in this browser: the text is on screen */ }
}
/** @param {Board} b */
export function toggleMute(b) {
  b.muted = !b.muted;
  writeMuted(b.muted);
  if (b.muted) { try { window.speechSynthesis?.cancel(); } catch { /* nothing to stop */ } }
  b.host.announce(b.t(b.muted ? "whoopies.voice_off" : "whoopies.voice_on"));
  b.surface.invalidate();
}

// ------------------------------------------------------------ spoken prompts for the human's turns
/** @param {Board} b */
export function promptVoice(b, v) {
  const seat = activeHuman(b);
  let text = "";
  if (seat !== null && v.phase === "roll" && seat === v.roller) text = b.t("whoopies.prompt.roll");
  else if (seat !== null && v.phase === "choose" && seat === v.roller) text = v.action ? b.t(`whoopies.prompt.choose_${v.action}`) : b.t("whoopies.prompt.joker");
  else if (seat !== null && (v.phase === "pick" || v.phase === "own")) text = pickPrompt(b, v, seat);
  else if (seat !== null && v.phase === "steal") text = b.t("whoopies.prompt.steal");
  const key = `${v.round}/${v.phase}/${v.action}/${seat}`;
  if (text && key !== b.speakPhase) {
    b.speakPhase = key;
    // after a result line, wait: cancel() would cut it off
    b.surface.after(50, () => { if (b.table && b.speakPhase === key) say(b, text, true); });
  }
}
