// review-media-probe.js — reads what a censor review page of a media file or a long file shows:
// which elements play each side (audio or video), which picture is visible before and after
// the A/B switch, the time ruler before and after zooming, and the transcript's paragraphs.
// Evaluated by scripts/review-browser.py; its value is a promise of plain data.
(async () => {
  const original = document.getElementById("audio-original");
  const censored = document.getElementById("audio-censored");
  const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const loaded = (element) => !element || !element.getAttribute("src") || element.readyState >= 1 || element.error
    ? Promise.resolve() : new Promise((resolve) => {
      element.addEventListener("loadedmetadata", resolve, { once: true });
      element.addEventListener("error", resolve, { once: true });
    });
  const key = (name) => document.body.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
  const overview = document.getElementById("overview");
  const ruler = () => ({
    step: Number(document.getElementById("ruler").dataset.step),
    ticks: [...document.querySelectorAll("#ruler .tick")].map((tick) => ({
      time: Number(tick.dataset.time), label: tick.textContent, left: parseFloat(tick.style.left),
    })),
    start: Number(overview.dataset.start),
    end: Number(overview.dataset.end),
  });

  await Promise.all([loaded(original), loaded(censored)]);
  const side = (element) => ({
    tag: element.tagName.toLowerCase(),
    error: element.error ? element.error.code : 0,
    duration: element.duration,
    width: element.videoWidth || 0,
    height: element.videoHeight || 0,
    hidden: element.hidden,
    onStage: element.parentElement.classList.contains("stage"),
  });
  const result = { sides: [[side(original), side(censored)]] };
  key("a");
  await settle();
  result.sides.push([side(original), side(censored)]);
  key("a");
  await settle();

  // The time ruler over the whole file, then zoomed in three times around the play position.
  result.rulers = [ruler()];
  const last = JSON.parse(document.getElementById("review-data").textContent).words.slice(-1)[0];
  if (last) document.querySelectorAll("#transcript .word")[document.querySelectorAll("#transcript .word").length - 1].click();
  original.pause();
  censored.pause();
  await settle();
  for (let i = 0; i < 3; i++) {
    document.getElementById("zoom-in").click();
    await settle();
    result.rulers.push(ruler());
  }
  key("-");
  await settle();
  result.rulers.push(ruler());
  document.getElementById("zoom-all").click();
  await settle();
  result.rulers.push(ruler());

  result.paragraphs = [...document.querySelectorAll("#transcript p")].map((paragraph) => {
    const words = [...paragraph.querySelectorAll(".word")];
    return { words: words.length, last: words.length ? words[words.length - 1].firstChild.textContent : "" };
  });
  result.status = document.getElementById("player-status").textContent;
  return result;
})();
