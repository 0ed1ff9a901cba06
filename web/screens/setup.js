// @ts-check
// The set-up screen, `#/<game>`: how many players, who sits where (a person or a bot of some level; with "Play on
// several devices", a person on another device: docs/multi-device.md), the options the game offers for that many
// players (Game.offered_choices in Python, via games.json), and a seed.
import { t } from "../i18n.js";
import * as saves from "../saves.js";
import { $, element, notice, showScreen } from "../dom.js";
import { gameInfo, playable } from "../games.js";
import { engine, session, storing } from "../page.js";
import { lastSetup, startNew } from "./game.js";
import { carryDevices, tableDevices } from "./devices.js";

/** @param {string} game @param {{players?: number, seats?: import("../host.js").Seat[], options?: Record<string, any>}} [preset] */
export function renderSetup(game, preset) {
  session.close();
  const info = gameInfo(game);
  if (!info || !playable(game)) {
    notice(t("menu.soon_long"));
    location.hash = "#/";
    return;
  }
  $("setup-title").textContent = t(`game.${game}.title`);
  $("setup-blurb").textContent = t(`game.${game}.blurb`);
  $("setup-learn").replaceChildren(element("a", { href: `#/rules/${game}`, text: t("rules.how_to_play") }), " · ", element("a", { href: `#/learn/${game}`, text: t("learn.try") }));
  // the games are known before the engine boots; a game starts once it is ready
  const ready = engine.state === "ready" || engine.state === "restoring";
  $("setup-start").disabled = !ready;
  $("setup-wait").hidden = ready || Boolean(engine.failed);
  const playersSelect = $("setup-players");
  const seatsList = $("setup-seats");
  const optionsBox = $("setup-options");
  const remembered = preset || lastSetup[game] || (storing() ? saves.lastSetup(game) : null);
  playersSelect.replaceChildren();
  const low = info.min_players;
  const high = info.max_players;
  for (let n = low; n <= high; n++) playersSelect.append(element("option", { value: n, text: String(n) }));
  playersSelect.value = String(remembered?.players ?? Math.min(Math.max(2, low), high));
  const levels = info.bot_levels;
  // a bot seat starts at a level a newcomer can beat (Game.default_bot_level), until the player picks another
  const newcomer = levels.includes(info.default_bot_level) ? info.default_bot_level : levels[0];
  // "Play on several devices": a seat may be a person on another device (the seats' third kind, "remote")
  let devices = $("setup-devices");
  if (!devices) {
    devices = element("input", { type: "checkbox", id: "setup-devices" });
    $("setup-seats").closest("fieldset").before(element("label", { class: "field check", id: "setup-devices-field" }, [
      devices, element("span", { id: "setup-devices-label" }),
    ]));
  }
  $("setup-devices-label").textContent = t("net.setup.devices");
  // the devices at the table (the last game's, still connected: web/net/table.js) are seats of their own, each in
  // the seat it had, so that the next game, this one or another, is theirs with no new invite
  const atTable = tableDevices();
  devices.checked = atTable.length > 0 || Boolean(remembered?.seats?.some((sitter) => sitter.kind === "remote"));
  /** @param {number} seat */
  const deviceAt = (seat) => (atTable.includes(seat) ? { kind: `device:${seat}`, level: "" } : null);

  const drawSeats = () => {
    const players = Number(playersSelect.value);
    $("setup-form").classList.toggle("several", devices.checked);
    const old = [...seatsList.querySelectorAll("li")].map((li) => ({
      kind: li.querySelector("select.kind").value, level: li.querySelector("select.level").value,
    }));
    seatsList.replaceChildren();
    for (let seat = 0; seat < players; seat++) {
      const prior = old[seat] || deviceAt(seat) || remembered?.seats?.[seat]
        || { kind: seat === 0 || players === 1 ? "human" : "bot", level: newcomer };
      const several = devices.checked;
      const kind = element("select", { class: "kind", "aria-label": `${t("setup.seat", { n: seat + 1 })}` }, [
        element("option", { value: "human", text: t(several ? "net.setup.here" : "setup.human") }),
        ...(several ? [element("option", { value: "remote", text: t("net.setup.remote") })] : []),
        ...(several ? atTable.map((at) => element("option", { value: `device:${at}`, text: t("net.setup.device", { n: at + 1 }) })) : []),
        element("option", { value: "bot", text: t("setup.bot") }),
      ]);
      kind.value = (prior.kind === "remote" || prior.kind.startsWith("device:")) && !several ? "human" : prior.kind;
      if (!kind.value) kind.value = several ? "remote" : "human"; // a device no longer at the table
      const level = element("select", { class: "level", "aria-label": `${t("setup.seat", { n: seat + 1 })} ${t("setup.level")}` },
        levels.map((name) => element("option", { value: name, text: t(`level.${name}`, {}, name) })));
      level.value = levels.includes(prior.level) ? prior.level : newcomer;
      const sync = () => {
        level.disabled = kind.value !== "bot";
        level.style.visibility = kind.value === "bot" ? "visible" : "hidden";
      };
      kind.addEventListener("change", sync);
      sync();
      seatsList.append(element("li", {}, [element("span", { text: t("setup.seat", { n: seat + 1 }) }), kind, level]));
    }
  };
  seatsList.replaceChildren();
  drawSeats();

  // Options: the choices the game offers for this many players (Game.offered_choices in Python).
  const drawOptions = () => {
    /** @type {Record<string, string>} */
    const chosen = {};
    for (const select of optionsBox.querySelectorAll("select")) chosen[select.dataset.option] = select.value;
    optionsBox.replaceChildren();
    const offered = info.offered[playersSelect.value] || {};
    const unused = info.unused?.[playersSelect.value] || []; // options that mean nothing for this many players
    const note = info.notes?.[playersSelect.value]; // what this many players makes of the game (puzzle mode)
    if (note) optionsBox.append(element("p", { class: "setup-note", id: "setup-note", text: t(note) }));
    for (const [name, spec] of Object.entries(info.options)) {
      const choices = offered[name] || spec.choices;
      if (choices.length < 2 || unused.includes(name)) continue;
      const select = element("select", { "data-option": name },
        choices.map((choice) => element("option", { value: JSON.stringify(choice), text: t(`${game}.option.${name}.${choice}`, {}, String(choice)) })));
      const wanted = chosen[name] ?? JSON.stringify(remembered?.options?.[name] ?? spec.default);
      select.value = choices.map((c) => JSON.stringify(c)).includes(wanted) ? wanted : JSON.stringify(choices.includes(spec.default) ? spec.default : choices[0]);
      optionsBox.append(element("label", { class: "field" }, [element("span", { text: t(`${game}.option.${name}`, {}, name) }), select]));
    }
  };
  optionsBox.replaceChildren();
  drawOptions();
  playersSelect.onchange = () => { drawSeats(); drawOptions(); };
  devices.onchange = () => {
    drawSeats();
    // the first choice is a person on another device for every other seat that a person plays
    if (devices.checked && ![...seatsList.querySelectorAll("select.kind")].some((select) => select.value === "remote")) {
      const selects = [...seatsList.querySelectorAll("select.kind")];
      const other = selects.find((select, seat) => seat > 0 && select.value !== "remote") ?? null;
      if (other) { other.value = "remote"; other.dispatchEvent(new Event("change")); }
    }
  };

  $("setup-form").onsubmit = async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    const players = Number(playersSelect.value);
    /** @type {Map<number, number>} each seat of a device at the table -> the seat it had */
    const placement = new Map();
    const seats = [...seatsList.querySelectorAll("li")].map((li, seat) => {
      const kind = li.querySelector("select.kind").value;
      if (kind.startsWith("device:")) {
        placement.set(seat, Number(kind.slice("device:".length)));
        return { kind: "remote", level: "" };
      }
      return { kind, level: kind === "bot" ? li.querySelector("select.level").value : "" };
    });
    if (new Set(placement.values()).size !== placement.size) { notice(t("net.setup.twice"), "error"); return; }
    /** @type {Record<string, any>} */
    const options = {};
    const offered = info.offered[String(players)] || {};
    for (const [name, choices] of Object.entries(offered)) if (choices.length === 1) options[name] = choices[0];
    for (const select of optionsBox.querySelectorAll("select")) options[select.dataset.option] = JSON.parse(select.value);
    const seed = $("setup-seed").value.trim();
    carryDevices(placement);
    const reply = await startNew({ game, players, seats, options, seed });
    if (!reply || !reply.ok) carryDevices(null);
  };
  showScreen("setup");
}
