// censor review page. Plain script, no framework, no network. Every text that comes from the
// transcript, the list or a file name is shown through textContent, never parsed as markup.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("review-data").textContent);
  const $ = (id) => document.getElementById(id);

  /** Seconds a word or an edit is played from before it starts. */
  const LEAD = 1;
  /** A pause longer than this (seconds) after a sentence starts a new transcript paragraph. */
  const PARAGRAPH_GAP = 1.5;
  /** Confidence below this marks a word as dubious. */
  const DUBIOUS = 0.5;

  const words = data.words;
  const edits = data.edits;
  const starts = Float64Array.from(words, (word) => word.start);

  // ---- Formatting -------------------------------------------------------------------------

  function clock(seconds) {
    const tenths = Math.max(0, Math.round(seconds * 10));
    const s = Math.floor(tenths / 10) % 60;
    const m = Math.floor(tenths / 600) % 60;
    const h = Math.floor(tenths / 36000);
    const ss = String(s).padStart(2, "0") + "." + (tenths % 10);
    return h > 0 ? h + ":" + String(m).padStart(2, "0") + ":" + ss : m + ":" + ss;
  }

  function precise(seconds) {
    return clock(Math.floor(seconds)).replace(/\.\d$/, "") + (seconds % 1).toFixed(3).slice(1);
  }

  function moved(delta) {
    const ms = Math.round(delta * 1000);
    return (ms > 0 ? "+" : ms < 0 ? "\u2212" : "") + Math.abs(ms) + " ms";
  }

  // ---- Words, masks and cues --------------------------------------------------------------

  /** The index of the last word starting at or before `t`, or -1. */
  function lastStartingBy(t) {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (starts[mid] <= t) low = mid + 1; else high = mid;
    }
    return low - 1;
  }

  /** The word being spoken at `t`, or -1. */
  function wordAt(t) {
    const index = lastStartingBy(t);
    return index >= 0 && t < Math.max(words[index].end, words[index].start + 0.05) ? index : -1;
  }

  /** The subtitle cues, grouped and masked by censor as its subtitle files hold them. */
  const cues = data.cues;
  const cueStarts = Float64Array.from(cues, (cue) => cue.start);

  function cueAt(t) {
    let low = 0;
    let high = cueStarts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cueStarts[mid] <= t) low = mid + 1; else high = mid;
    }
    const index = low - 1;
    return index >= 0 && t <= cues[index].end + 0.5 ? cues[index] : null;
  }

  /** The position in `cue` of the word being shown at `t`, or -1. */
  function partAt(cue, t) {
    return cue === null ? -1 : cue.words.findIndex((part) => part.start <= t && t < Math.max(part.end, part.start + 0.05));
  }

  // ---- Player -----------------------------------------------------------------------------

  const hasCensored = data.censored !== null && data.censored !== undefined;
  const state = { side: hasCensored ? "censored" : "original", position: 0, clip: -1, selected: -1 };
  const section = $("player");
  const stage = document.querySelector(".stage");

  /**
   * A side whose file has a picture plays in a video element on the stage, in place of its
   * audio element (same id, same media API). Embedded excerpts are audio only.
   */
  function player(side) {
    const audio = $("audio-" + side);
    const track = data[side];
    if (data.embedded || !track || !track.video) return audio;
    const video = document.createElement("video");
    video.id = audio.id;
    video.preload = "metadata";
    video.playsInline = true;
    video.className = "picture";
    video.setAttribute("aria-label", side + " video");
    audio.remove();
    stage.insertBefore(video, $("subtitle"));
    stage.classList.add("with-video");
    return video;
  }

  const elements = { original: player("original"), censored: player("censored") };

  /** Shows the picture of the side being heard only. */
  function showSide() {
    for (const [side, element] of Object.entries(elements)) {
      if (element instanceof HTMLVideoElement) element.hidden = side !== state.side;
    }
  }
  showSide();

  function encodePath(path) {
    return path.split("/").map(encodeURIComponent).join("/");
  }

  function status(text) {
    $("player-status").textContent = text;
  }

  if (!data.embedded) {
    elements.original.src = encodePath(data.original.path);
    if (hasCensored) elements.censored.src = encodePath(data.censored.path);
  }
  for (const side of ["original", "censored"]) {
    elements[side].addEventListener("error", () => {
      if (!elements[side].getAttribute("src")) return;
      const track = data[side];
      status("Cannot load the " + side + (track && track.video ? " video" : " audio")
        + (track && track.path ? " (" + track.path + ")" : "")
        + (elements[side].error && elements[side].error.code === 4 ? ": this browser cannot play its format" : "")
        + ". Keep the page beside its files, or make it with the audio embedded.");
    });
  }

  function active() {
    return elements[state.side];
  }

  /** The clip (embedded excerpt) holding `t`, or -1. */
  function clipAt(t) {
    return data.clips.findIndex((clip) => clip.start <= t && t < clip.end);
  }

  /** Where the player is, in seconds of the file. */
  function now() {
    const element = active();
    if (element.getAttribute("src") && element.readyState >= 1 && !element.seeking) {
      const offset = data.embedded ? (state.clip >= 0 ? data.clips[state.clip].start : 0) : 0;
      return offset + element.currentTime;
    }
    return state.position;
  }

  /** Puts `element` at `local` seconds of its source, now or once its length is known. */
  function place(element, local) {
    if (element.readyState >= 1) {
      element.currentTime = local;
    } else {
      element.addEventListener("loadedmetadata", () => { element.currentTime = local; }, { once: true });
      element.currentTime = local;
    }
  }

  /** Moves both players to `t` seconds of the file; plays the active one when asked. */
  function seek(t, play) {
    const target = Math.min(Math.max(0, t), data.duration);
    state.position = target;
    section.dataset.target = target.toFixed(6);
    let local = target;
    if (data.embedded) {
      const clip = clipAt(target);
      if (clip < 0) {
        for (const element of Object.values(elements)) element.pause();
        state.clip = -1;
        status("No audio embedded at " + clock(target) + ": the page holds only the audio around each edit.");
        render(target);
        return;
      }
      if (clip !== state.clip) {
        state.clip = clip;
        elements.original.src = data.clips[clip].original;
        if (hasCensored) elements.censored.src = data.clips[clip].censored;
      }
      local = target - data.clips[clip].start;
    }
    status("");
    place(elements.original, local);
    if (hasCensored) place(elements.censored, local);
    render(target);
    if (play) {
      const element = active();
      element.play().catch((error) => {
        if (error.name !== "AbortError") status("Cannot play: " + error.message);
      });
    }
  }

  function togglePlay() {
    const element = active();
    if (!element.getAttribute("src")) {
      seek(state.position, true);
    } else if (element.paused) {
      element.play().catch((error) => {
        if (error.name !== "AbortError") status("Cannot play: " + error.message);
      });
    } else {
      element.pause();
    }
  }

  /** Switches between the original and the censored audio at the same position (A/B). */
  function switchSide() {
    if (!hasCensored) return;
    const t = now();
    const playing = !active().paused;
    active().pause();
    state.side = state.side === "censored" ? "original" : "censored";
    $("ab-side").textContent = state.side;
    $("ab").setAttribute("aria-pressed", String(state.side === "censored"));
    section.dataset.side = state.side;
    showSide();
    seek(t, playing);
  }

  function playEdit(index) {
    selectEdit(index);
    seek(edits[index].fadeStart - LEAD, true);
  }

  function stepEdit(direction) {
    if (edits.length === 0) return;
    let index;
    if (state.selected >= 0) {
      index = state.selected + direction;
    } else {
      const t = now();
      index = direction > 0 ? edits.findIndex((edit) => edit.coreStart >= t) : -1;
      if (direction < 0) {
        for (let i = edits.length - 1; i >= 0; i--) {
          if (edits[i].coreStart < t) { index = i; break; }
        }
      }
    }
    if (index >= 0 && index < edits.length) playEdit(index);
  }

  for (const side of ["original", "censored"]) {
    const element = elements[side];
    element.addEventListener("play", () => { $("play").textContent = "Pause"; tick(); });
    element.addEventListener("pause", () => { $("play").textContent = "Play"; render(now()); });
    element.addEventListener("timeupdate", () => { if (side === state.side) render(now()); });
    element.addEventListener("ended", () => { $("play").textContent = "Play"; });
  }

  function tick() {
    if (active().paused) return;
    state.position = now();
    render(state.position);
    requestAnimationFrame(tick);
  }

  // ---- Rendering the position -------------------------------------------------------------

  const subtitle = $("subtitle");
  const transcript = $("transcript");
  const wordElements = [];
  let currentWord = -1;
  let shownCue = null;
  let shownWord = -2;

  function subtitleStyle() {
    return subtitle.dataset.style;
  }

  function renderSubtitle(t) {
    const style = subtitleStyle();
    const cue = cueAt(t);
    const part = partAt(cue, t);
    if (style === "word") {
      if (part === shownWord && cue === shownCue) return;
      shownWord = part;
      shownCue = cue;
      subtitle.textContent = part >= 0 ? cue.words[part].text : "";
      return;
    }
    if (cue === shownCue && (style === "cue" || part === shownWord)) return;
    shownCue = cue;
    shownWord = part;
    subtitle.textContent = "";
    if (cue === null) return;
    cue.words.forEach((word, position) => {
      if (position > 0) subtitle.append(" ");
      const span = document.createElement("span");
      span.textContent = word.text;
      if (word.censored) span.className = "mask";
      if (style === "karaoke" && position === part) span.classList.add("now");
      subtitle.append(span);
    });
  }

  function render(t) {
    $("clock").textContent = clock(t) + " / " + clock(data.duration);
    section.dataset.position = t.toFixed(3);
    const index = wordAt(t);
    if (index !== currentWord) {
      if (currentWord >= 0) wordElements[currentWord].classList.remove("current");
      currentWord = index;
      if (index >= 0) {
        const element = wordElements[index];
        element.classList.add("current");
        if (!active().paused) keepVisible(element);
      }
    }
    renderSubtitle(t);
    follow(t);
    drawPlayheads(t);
  }

  function keepVisible(element) {
    const top = element.getBoundingClientRect().top - transcript.getBoundingClientRect().top + transcript.scrollTop;
    if (top < transcript.scrollTop || top > transcript.scrollTop + transcript.clientHeight - 40) {
      transcript.scrollTop = Math.max(0, top - transcript.clientHeight / 3);
    }
  }

  // ---- Waveforms --------------------------------------------------------------------------

  function decode(base64) {
    const binary = atob(base64);
    const bytes = new Int8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = (binary.charCodeAt(i) << 24) >> 24;
    return bytes;
  }

  const overview = {
    canvas: $("overview"),
    start: 0,
    end: data.duration,
    original: decode(data.original.peaks),
    censored: hasCensored ? decode(data.censored.peaks) : null,
    peaksStart: 0,
    peaksEnd: data.duration,
    image: null,
  };
  const zoom = { canvas: $("zoom"), start: 0, end: 0, peaksStart: 0, peaksEnd: 0, original: null, censored: null, image: null };

  /**
   * Draws one lane: a vertical line per pixel column from the lowest to the highest sample of
   * the buckets `from` to `to` (fractional) of `peaks`.
   */
  function drawLane(context, peaks, width, top, height, from, to) {
    const buckets = peaks.length / 2;
    const middle = top + height / 2;
    const scale = height / 2 / 127;
    const per = (to - from) / width;
    context.fillStyle = "#3d4a5c";
    for (let x = 0; x < width; x++) {
      const first = Math.max(0, Math.floor(from + x * per));
      const last = Math.max(first + 1, Math.floor(from + (x + 1) * per));
      let low = 127;
      let high = -127;
      for (let b = first; b < last && b < buckets; b++) {
        low = Math.min(low, peaks[2 * b]);
        high = Math.max(high, peaks[2 * b + 1]);
      }
      if (low > high) continue;
      const y = middle - high * scale;
      context.fillRect(x, y, 1, Math.max(1, (high - low) * scale));
    }
  }

  /** Draws a view's waveforms and edits into an image kept for redrawing the playhead. */
  function drawView(view) {
    const canvas = view.canvas;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    context.clearRect(0, 0, width, height);
    const span = view.end - view.start;
    if (span <= 0 || view.original === null) { view.image = null; return; }
    const x = (t) => ((t - view.start) / span) * width;
    for (const edit of edits) {
      if (edit.fadeEnd < view.start || edit.fadeStart > view.end) continue;
      context.fillStyle = "rgba(230, 140, 20, 0.30)";
      context.fillRect(x(edit.fadeStart), 0, Math.max(1, x(edit.fadeEnd) - x(edit.fadeStart)), height);
      context.fillStyle = "rgba(200, 30, 30, 0.35)";
      context.fillRect(x(edit.coreStart), 0, Math.max(1, x(edit.coreEnd) - x(edit.coreStart)), height);
    }
    const lanes = view.censored === null ? 1 : 2;
    const lane = height / lanes;
    const range = (peaks) => {
      const buckets = peaks.length / 2;
      const whole = view.peaksEnd - view.peaksStart;
      return [((view.start - view.peaksStart) / whole) * buckets, ((view.end - view.peaksStart) / whole) * buckets];
    };
    drawLane(context, view.original, width, 0, lane, ...range(view.original));
    if (view.censored !== null) drawLane(context, view.censored, width, lane, lane, ...range(view.censored));
    context.fillStyle = "#1b1b1b";
    context.font = Math.round(12 * ratio) + "px system-ui, sans-serif";
    context.fillText("original", 4 * ratio, 14 * ratio);
    if (view.censored !== null) {
      context.fillText("censored", 4 * ratio, lane + 14 * ratio);
      context.fillStyle = "#9a9a9a";
      context.fillRect(0, Math.round(lane), width, 1);
    }
    view.image = context.getImageData(0, 0, width, height);
  }

  function drawPlayhead(view, t) {
    if (view.image === null) return;
    const context = view.canvas.getContext("2d");
    context.putImageData(view.image, 0, 0);
    if (t < view.start || t > view.end) return;
    const x = Math.round(((t - view.start) / (view.end - view.start)) * view.canvas.width);
    context.fillStyle = "#0b57d0";
    context.fillRect(x - 1, 0, 2, view.canvas.height);
  }

  function drawPlayheads(t) {
    drawPlayhead(overview, t);
    drawPlayhead(zoom, t);
  }

  function seekFromCanvas(view, event) {
    if (view.end <= view.start) return;
    const box = view.canvas.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    seek(view.start + fraction * (view.end - view.start), true);
  }

  overview.canvas.addEventListener("click", (event) => seekFromCanvas(overview, event));

  // ---- Time ruler and zoom of the whole-file view ------------------------------------------

  /** Tick spacings of the ruler, in seconds; the smallest that gives at most RULER_TICKS ticks is used. */
  const RULER_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];
  const RULER_TICKS = 10;
  /** The shortest stretch the whole-file view zooms into, in seconds. */
  const SHORTEST_VIEW = 2;
  const ruler = $("ruler");

  /** Labels the visible stretch of the whole-file view at even times. */
  function drawRuler() {
    const span = overview.end - overview.start;
    const step = RULER_STEPS.find((candidate) => span / candidate <= RULER_TICKS) || RULER_STEPS[RULER_STEPS.length - 1];
    ruler.textContent = "";
    ruler.dataset.step = String(step);
    const decimals = step < 1 ? 1 : 0;
    for (let t = Math.ceil(overview.start / step - 1e-9) * step; t <= overview.end + 1e-9; t += step) {
      const tick = document.createElement("span");
      tick.className = "tick";
      tick.dataset.time = t.toFixed(decimals);
      tick.style.left = (((t - overview.start) / span) * 100).toFixed(3) + "%";
      tick.textContent = decimals ? clock(t) : clock(t).replace(/\.\d$/, "");
      ruler.append(tick);
    }
    $("zoom-level").textContent = clock(overview.start) + "\u2013" + clock(overview.end);
    overview.canvas.dataset.start = overview.start.toFixed(6);
    overview.canvas.dataset.end = overview.end.toFixed(6);
  }

  /** Shows `span` seconds of the whole-file view around `centre`, kept inside the file. */
  function view(centre, span) {
    const length = Math.min(data.duration, Math.max(Math.min(SHORTEST_VIEW, data.duration), span));
    const start = Math.min(Math.max(0, centre - length / 2), data.duration - length);
    overview.start = start;
    overview.end = start + length;
    drawView(overview);
    drawRuler();
    drawPlayheads(now());
  }

  function zoomBy(factor) {
    const t = now();
    const centre = t >= overview.start && t <= overview.end ? t : (overview.start + overview.end) / 2;
    view(centre, (overview.end - overview.start) * factor);
  }

  $("zoom-in").addEventListener("click", () => zoomBy(0.5));
  $("zoom-out").addEventListener("click", () => zoomBy(2));
  $("zoom-all").addEventListener("click", () => view(data.duration / 2, data.duration));

  /** Keeps the playhead in a zoomed whole-file view: the view turns a page when it leaves it. */
  function follow(t) {
    const span = overview.end - overview.start;
    if (span < data.duration && (t < overview.start || t > overview.end)) view(t + span / 2 - span * 0.1, span);
  }
  zoom.canvas.addEventListener("click", (event) => seekFromCanvas(zoom, event));

  // ---- Edits ------------------------------------------------------------------------------

  const rows = [];

  function selectEdit(index) {
    if (state.selected >= 0) {
      rows[state.selected].classList.remove("selected");
      rows[state.selected].removeAttribute("aria-current");
      for (const element of transcript.querySelectorAll(".selected-edit")) element.classList.remove("selected-edit");
    }
    state.selected = index;
    section.dataset.edit = String(index);
    const edit = edits[index];
    rows[index].classList.add("selected");
    rows[index].setAttribute("aria-current", "true");
    zoom.start = zoom.peaksStart = edit.zoom.start;
    zoom.end = zoom.peaksEnd = edit.zoom.end;
    zoom.original = decode(edit.zoom.original);
    zoom.censored = edit.zoom.censored ? decode(edit.zoom.censored) : null;
    $("zoom-caption").textContent = "Edit " + (index + 1) + " of " + edits.length + ", "
      + precise(edit.coreStart) + "\u2013" + precise(edit.coreEnd) + ": \u201c" + edit.text + "\u201d ("
      + precise(zoom.start) + "\u2013" + precise(zoom.end) + "; original above, censored below)";
    drawView(zoom);
    words.forEach((word, wordIndex) => {
      if (word.edit === index) wordElements[wordIndex].classList.add("selected-edit");
    });
  }

  function buildEdits() {
    const body = document.querySelector("#edits tbody");
    const fragment = document.createDocumentFragment();
    edits.forEach((edit, index) => {
      const row = document.createElement("tr");
      row.dataset.edit = String(index);
      const cell = (text, className) => {
        const td = document.createElement("td");
        td.textContent = text;
        if (className) td.className = className;
        row.append(td);
        return td;
      };
      cell(String(index + 1), "number");
      const time = document.createElement("button");
      time.type = "button";
      time.className = "edit-time";
      time.dataset.start = String(edit.coreStart);
      time.dataset.end = String(edit.coreEnd);
      time.textContent = precise(edit.coreStart) + "\u2013" + precise(edit.coreEnd);
      time.setAttribute("aria-label", "Play edit " + (index + 1) + " from " + clock(Math.max(0, edit.fadeStart - LEAD)));
      time.addEventListener("click", () => playEdit(index));
      const timeCell = cell("", "");
      timeCell.append(time);
      const wordsCell = cell("", "words");
      const part = (text, className) => {
        const element = document.createElement("span");
        element.className = className;
        element.textContent = text;
        wordsCell.append(element);
      };
      part(edit.text, "text");
      if (edit.replacement) part(" \u2192 " + edit.replacement, "replacement");
      if (edit.estimated) part(" (times estimated)", "note");
      if (edit.confidence !== null && edit.confidence !== undefined) {
        part(" (confidence " + edit.confidence.toFixed(2) + ")", "note");
      }
      cell(edit.pattern, "pattern");
      cell(data.mode, "");
      cell(moved(edit.refinedStart - edit.start), "number start-moved");
      cell(moved(edit.refinedEnd - edit.end), "number end-moved");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.className = "revisit";
      box.setAttribute("aria-label", "Revisit edit " + (index + 1));
      cell("", "").append(box);
      decisionCell(row, decided.length);
      decided.push({ added: false, dropped: false, startFrame: edit.startFrame, endFrame: edit.endFrame,
        text: edit.text, pattern: edit.pattern, replacement: edit.replacement || null, words: editWords(index) });
      rows.push(row);
      fragment.append(row);
    });
    body.append(fragment);
  }

  function marked() {
    return rows.map((row, index) => (row.querySelector(".revisit").checked ? index : -1)).filter((index) => index >= 0);
  }

  function save(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** The marked edits' list entries, one a line, as a censor list. */
  function censorList(indices) {
    const entries = [];
    for (const index of indices) {
      for (const entry of edits[index].pattern.split(", ")) if (!entries.includes(entry)) entries.push(entry);
    }
    return "# Edits marked for review in " + data.original.name + "\n" + entries.map((entry) => entry + "\n").join("");
  }

  /** The marked edits as an Audacity label track: core start and end, words and list entry. */
  function labelFile(indices) {
    return indices.map((index) => {
      const edit = edits[index];
      return edit.coreStart.toFixed(6) + "\t" + edit.coreEnd.toFixed(6) + "\t" + edit.text + " [" + edit.pattern + "]\n";
    }).join("");
  }

  function exportMarked(kind) {
    const indices = marked();
    if (indices.length === 0) {
      status("Mark the edits to revisit first (the Revisit column).");
      return;
    }
    const stem = data.original.name.replace(/\.[^.]*$/, "");
    if (kind === "list") save(stem + ".revisit.txt", censorList(indices));
    else save(stem + ".revisit.labels.txt", labelFile(indices));
    status("Saved " + indices.length + " marked edit" + (indices.length === 1 ? "" : "s") + ".");
  }

  $("export-list").addEventListener("click", () => exportMarked("list"));
  $("export-labels").addEventListener("click", () => exportMarked("labels"));

  // ---- Decisions: keep, drop, widen or nudge each edit, add missed words, export -----------

  /** Frames one widen or nudge step moves an edge: 10 ms. */
  const STEP = Math.max(1, Math.round(data.sampleRate / 100));
  /** Each edit's decision, in table order: the run's edits, then the added words. */
  const decided = [];
  /** The transcript word last clicked, which "Censor the selected word" adds. */
  let pickedWord = -1;

  /** The transcript words edit `index` censored, as `[first, end)`, or null. */
  function editWords(index) {
    const covered = [];
    words.forEach((word, wordIndex) => { if (word.edit === index) covered.push(wordIndex); });
    return covered.length ? [covered[0], covered[covered.length - 1] + 1] : null;
  }

  /** The frames of `decision` as the table shows them: start–end in seconds. */
  function decidedTime(decision) {
    return precise(decision.startFrame / data.sampleRate) + "\u2013" + precise(decision.endFrame / data.sampleRate);
  }

  /** What a decision says in the file: drop, add, keep (as planned), widen (its length changed) or nudge. */
  function decisionName(decision, index) {
    if (decision.dropped) return "drop";
    if (decision.added) return "add";
    const edit = edits[index];
    if (decision.startFrame === edit.startFrame && decision.endFrame === edit.endFrame) return "keep";
    return decision.endFrame - decision.startFrame !== edit.endFrame - edit.startFrame ? "widen" : "nudge";
  }

  /** Moves the decided edges by `before` and `after` frames, kept inside the file and one frame apart. */
  function moveEdges(index, before, after) {
    const decision = decided[index];
    const start = Math.min(Math.max(0, decision.startFrame + before), data.frames - 1);
    const end = Math.max(start + 1, Math.min(data.frames, decision.endFrame + after));
    decision.startFrame = start;
    decision.endFrame = end;
    showDecision(index);
  }

  function showDecision(index) {
    const decision = decided[index];
    const row = rows[index];
    row.querySelector(".decided-time").textContent = decidedTime(decision);
    row.querySelector(".keep").checked = !decision.dropped;
    row.classList.toggle("dropped", decision.dropped);
    row.dataset.decision = decisionName(decision, index);
  }

  /** The decision controls of a row: censor or not, widen, narrow, nudge earlier or later. */
  function decisionCell(row, index) {
    const td = document.createElement("td");
    td.className = "decision";
    const label = document.createElement("label");
    const keep = document.createElement("input");
    keep.type = "checkbox";
    keep.className = "keep";
    keep.checked = true;
    keep.addEventListener("change", () => { decided[index].dropped = !keep.checked; showDecision(index); });
    label.append(keep, " censor ");
    const time = document.createElement("span");
    time.className = "decided-time";
    td.append(label, time, document.createElement("br"));
    const button = (text, className, title, before, after) => {
      const element = document.createElement("button");
      element.type = "button";
      element.className = className;
      element.textContent = text;
      element.title = title;
      element.setAttribute("aria-label", title + " (edit " + (index + 1) + ")");
      element.addEventListener("click", () => moveEdges(index, before, after));
      td.append(element, " ");
    };
    button("\u2190", "nudge-earlier", "Nudge 10 ms earlier", -STEP, -STEP);
    button("\u2192", "nudge-later", "Nudge 10 ms later", STEP, STEP);
    button("\u2194", "widen", "Widen by 10 ms each side", -STEP, STEP);
    button("\u2192\u2190", "narrow", "Narrow by 10 ms each side", STEP, -STEP);
    row.append(td);
  }

  /** Adds the picked transcript word as an edit of its own. */
  function addPickedWord() {
    if (pickedWord < 0) {
      status("Click the missed word in the transcript first.");
      return;
    }
    const word = words[pickedWord];
    const index = decided.length;
    decided.push({ added: true, dropped: false, startFrame: Math.floor(word.start * data.sampleRate),
      endFrame: Math.min(data.frames, Math.ceil(word.end * data.sampleRate)), text: word.text.trim(), pattern: null,
      replacement: null, words: [pickedWord, pickedWord + 1] });
    const row = document.createElement("tr");
    row.className = "added";
    row.dataset.edit = String(index);
    for (const text of ["+", "", word.text.trim(), "(added)", data.mode, "", "", ""]) {
      const td = document.createElement("td");
      td.textContent = text;
      row.append(td);
    }
    decisionCell(row, index);
    rows.push(row);
    document.querySelector("#edits tbody").append(row);
    showDecision(index);
    wordElements[pickedWord].classList.add("added-word");
    status("Added \u201c" + word.text.trim() + "\u201d.");
  }

  /** The decisions file: every edit in time order, as censor reads it back. */
  function decisionsFile() {
    const entries = decided.map((decision, index) => {
      const entry = { decision: decisionName(decision, index), startFrame: decision.startFrame,
        endFrame: decision.endFrame, text: decision.text };
      if (decision.pattern) entry.pattern = decision.pattern;
      if (decision.replacement) entry.replacement = decision.replacement;
      if (decision.words) entry.words = decision.words;
      return entry;
    }).sort((a, b) => a.startFrame - b.startFrame || a.endFrame - b.endFrame);
    const file = { format: "censor-decisions", version: 1, input: data.original.name, sampleRate: data.sampleRate,
      frames: data.frames, edits: entries };
    return JSON.stringify(file, null, 1) + "\n";
  }

  $("add-word").addEventListener("click", addPickedWord);
  $("export-decisions").addEventListener("click", () => {
    save(data.original.name.replace(/\.[^.]*$/, "") + ".decisions.json", decisionsFile());
    status("Saved the decisions on " + decided.length + " edit" + (decided.length === 1 ? "" : "s") + ".");
  });

  // ---- Transcript -------------------------------------------------------------------------

  /** Words after which a transcript paragraph ends at the next sentence end; a pause of PARAGRAPH_GAP after one too. */
  const PARAGRAPH_WORDS = 80;
  /** A word that ends a sentence: its text ends in . ! ? or \u2026, maybe followed by closing quotes or brackets. */
  const SENTENCE_END = /[.!?\u2026]["'\u201d\u2019)\]]*$/;
  /** Whether the transcript marks sentences at all; one without punctuation breaks at pauses and word counts. */
  const punctuated = words.some((word) => SENTENCE_END.test(word.text.trim()));

  /** Whether a paragraph of `count` words may end before word `index`: never inside a sentence. */
  function paragraphEnds(index, count) {
    const previous = words[index - 1];
    if (punctuated && !SENTENCE_END.test(previous.text.trim())) return false;
    return count >= PARAGRAPH_WORDS || words[index].start - previous.end > PARAGRAPH_GAP;
  }

  /**
   * The transcript as paragraphs of word elements. Paragraphs off screen are neither laid out
   * nor painted (content-visibility in the style), so a three-hour transcript opens fast.
   */
  function buildTranscript() {
    const fragment = document.createDocumentFragment();
    let paragraph = null;
    let count = 0;
    words.forEach((word, index) => {
      if (paragraph === null || paragraphEnds(index, count)) {
        paragraph = document.createElement("p");
        fragment.append(paragraph);
        count = 0;
      } else {
        paragraph.append(" ");
      }
      count += 1;
      const span = document.createElement("span");
      span.className = "word";
      span.wordIndex = index;
      span.textContent = word.text.trim();
      const notes = [];
      if (word.edit !== null && word.edit !== undefined) {
        span.classList.add("censored");
        span.tabIndex = 0;
        span.setAttribute("role", "button");
        const replacement = document.createElement("span");
        replacement.className = "replacement";
        replacement.textContent = "\u2192 " + (word.shown || word.text.trim());
        span.append(replacement);
        notes.push("censored by edit " + (word.edit + 1));
      }
      if (word.estimated) {
        span.classList.add("estimated");
        notes.push("time estimated");
      }
      if (word.confidence !== null && word.confidence !== undefined) {
        if (word.confidence < DUBIOUS) {
          span.classList.add("dubious");
          span.tabIndex = 0;
        }
        span.dataset.confidence = String(word.confidence);
      }
      if (notes.length > 0 || span.classList.contains("dubious")) {
        if (word.confidence !== null && word.confidence !== undefined) {
          notes.unshift("confidence " + word.confidence.toFixed(2));
        }
        span.title = [clock(word.start) + "\u2013" + clock(word.end)].concat(notes).join("; ");
      }
      wordElements.push(span);
      paragraph.append(span);
    });
    transcript.append(fragment);
    const play = (event) => {
      const target = event.target.closest(".word");
      if (target === null) return;
      const word = words[target.wordIndex];
      pickedWord = target.wordIndex;
      if (word.edit !== null && word.edit !== undefined) selectEdit(word.edit);
      seek(word.start - LEAD, true);
    };
    transcript.addEventListener("click", play);
    transcript.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        play(event);
      }
    });
  }

  // ---- Controls and keys ------------------------------------------------------------------

  $("play").addEventListener("click", togglePlay);
  $("next-edit").addEventListener("click", () => stepEdit(1));
  $("previous-edit").addEventListener("click", () => stepEdit(-1));
  $("ab").addEventListener("click", switchSide);
  if (!hasCensored) $("ab").disabled = true;
  for (const radio of document.querySelectorAll("input[name=subtitle-style]")) {
    radio.addEventListener("change", () => {
      subtitle.dataset.style = radio.value;
      shownCue = null;
      shownWord = -2;
      renderSubtitle(now());
    });
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLSelectElement
      || target instanceof HTMLTextAreaElement;
    const onControl = typing || target instanceof HTMLButtonElement || target.getAttribute("role") === "button";
    switch (event.key) {
      case " ":
        if (onControl) return;
        togglePlay();
        break;
      case "n": case "N":
        if (typing) return;
        stepEdit(1);
        break;
      case "p": case "P":
        if (typing) return;
        stepEdit(-1);
        break;
      case "a": case "A":
        if (typing) return;
        switchSide();
        break;
      case "+": case "=":
        if (typing) return;
        zoomBy(0.5);
        break;
      case "-":
        if (typing) return;
        zoomBy(2);
        break;
      case "ArrowLeft": case "ArrowRight":
        if (typing) return;
        seek(now() + (event.key === "ArrowLeft" ? -2 : 2), !active().paused);
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  // ---- Start ------------------------------------------------------------------------------

  document.title = "Review: " + data.original.name;
  $("title-original").textContent = data.original.name;
  $("title-censored").textContent = hasCensored ? data.censored.name : "(plan only: no censored audio)";
  const censoredSeconds = edits.reduce((sum, edit) => sum + edit.coreEnd - edit.coreStart, 0);
  $("summary").textContent = edits.length + " edit" + (edits.length === 1 ? "" : "s") + " (" + data.mode + ", "
    + censoredSeconds.toFixed(1) + " s censored of " + clock(data.duration) + "); " + words.length
    + " words from a " + data.transcriptFormat + " transcript; " + data.sampleRate + " Hz, " + data.channels
    + " channel" + (data.channels === 1 ? "" : "s") + (data.embedded ? "; audio: embedded excerpts around each edit" : "") + ".";
  section.dataset.side = state.side;
  buildTranscript();
  buildEdits();
  decided.forEach((_, index) => showDecision(index));
  drawView(overview);
  drawRuler();
  if (edits.length > 0) selectEdit(0);
  render(0);
  let resizing = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => {
      drawView(overview);
      drawView(zoom);
      render(now());
    });
  });
  document.body.dataset.ready = "true";
})();
