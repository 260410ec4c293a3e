// review-probe.js — drives a censor review page through its DOM as a reviewer would (clicks,
// keys, the subtitle switch) and returns what the page showed, for the tests to check against
// the run's report. Evaluated by scripts/review-browser.py; its value is a promise of plain data.
// It pauses the audio after every action, so positions are read where the action put them.
(async () => {
  const original = document.getElementById("audio-original");
  const censored = document.getElementById("audio-censored");
  const player = document.getElementById("player");
  const subtitle = document.getElementById("subtitle");
  const overview = document.getElementById("overview");
  const data = JSON.parse(document.getElementById("review-data").textContent);

  const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const loaded = (element) => !element.getAttribute("src") || element.readyState >= 1 || element.error
    ? Promise.resolve() : new Promise((resolve) => {
    element.addEventListener("loadedmetadata", resolve, { once: true });
    element.addEventListener("error", resolve, { once: true });
  });
  const seeked = (element) => !element.seeking ? Promise.resolve()
    : new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
  const key = (name) => document.body.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));

  /** Pauses both players, waits for their seeks, and reads where everything is. */
  async function position() {
    original.pause();
    censored.pause();
    await Promise.all([loaded(original), loaded(censored)]);
    await settle();
    await Promise.all([seeked(original), seeked(censored)]);
    await settle();
    return {
      target: Number(player.dataset.target),
      shown: Number(player.dataset.position),
      side: player.dataset.side,
      edit: Number(player.dataset.edit),
      original: original.currentTime,
      censored: censored.currentTime,
    };
  }

  /** Clicks the whole-file waveform at `seconds`. */
  async function clickOverview(seconds) {
    const box = overview.getBoundingClientRect();
    overview.dispatchEvent(new MouseEvent("click", {
      bubbles: true, clientX: box.left + (seconds / data.duration) * box.width, clientY: box.top + box.height / 4,
    }));
    return position();
  }

  await Promise.all([loaded(original), loaded(censored)]);
  const result = {
    audioErrors: [original.error ? original.error.code : 0, censored.error ? censored.error.code : 0],
    durations: [original.duration, censored.duration],
  };

  result.edits = [...document.querySelectorAll("#edits tbody tr")].map((row) => {
    const time = row.querySelector(".edit-time");
    return {
      start: Number(time.dataset.start),
      end: Number(time.dataset.end),
      time: time.textContent,
      words: row.querySelector(".words .text").textContent,
      notes: [...row.querySelectorAll(".words .note")].map((note) => note.textContent.trim()),
      pattern: row.querySelector(".pattern").textContent,
      startMoved: row.querySelector(".start-moved").textContent,
      endMoved: row.querySelector(".end-moved").textContent,
      revisit: row.querySelector("input.revisit[type=checkbox]") !== null,
    };
  });

  const wordElements = [...document.querySelectorAll("#transcript .word")];
  result.words = wordElements.map((element) => ({
    text: element.firstChild.textContent,
    censored: element.classList.contains("censored"),
    shownAs: element.querySelector(".replacement") ? element.querySelector(".replacement").textContent : null,
    estimated: element.classList.contains("estimated"),
    dubious: element.classList.contains("dubious"),
    title: element.title,
  }));

  // Clicking each word seeks there (a second before it).
  result.clicks = [];
  result.statuses = [];
  for (const element of wordElements) {
    element.click();
    result.clicks.push(await position());
    result.statuses.push(document.getElementById("player-status").textContent);
  }

  // A/B at the position of the last click, and back.
  result.ab = [await position()];
  key("a");
  result.ab.push(await position());
  key("a");
  result.ab.push(await position());

  // Next and previous edit by key, from the first edit.
  document.querySelector("#edits tbody tr .edit-time").click();
  result.steps = [await position()];
  key("n");
  result.steps.push(await position());
  key("p");
  result.steps.push(await position());

  // Every subtitle style at the middle of every word.
  result.subtitles = {};
  for (const style of ["word", "cue", "karaoke"]) {
    document.querySelector("input[name=subtitle-style][value=" + style + "]").click();
    const shown = [];
    for (const word of data.words) {
      const at = await clickOverview((word.start + word.end) / 2);
      const now = subtitle.querySelector(".now");
      shown.push({
        at: at.target, style: subtitle.dataset.style, text: subtitle.textContent, now: now ? now.textContent : null,
        current: wordElements.findIndex((element) => element.classList.contains("current")),
      });
    }
    result.subtitles[style] = shown;
  }

  // Transcript text is never markup.
  result.markup = {
    images: document.querySelectorAll("img").length,
    scripts: document.scripts.length,
    pwned: document.body.dataset.pwned || null,
    errors: document.getElementById("player-status").textContent,
  };

  // Leave a view worth a screenshot: karaoke on the first censored word, its edit zoomed, the
  // playhead early in the word (away from the middle of its core, which the tests look at).
  const first = data.words.findIndex((word) => word.edit !== null && word.edit !== undefined);
  if (first >= 0) await clickOverview(data.words[first].start + (data.words[first].end - data.words[first].start) / 5);
  return result;
})();
