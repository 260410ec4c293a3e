// review-decisions-probe.js — edits a censor review page's decisions as a reviewer would and
// returns the decisions file its export button saves: the first edit widened twice and
// nudged later once, the second dropped, the fifth transcript word added and nudged earlier.
// Evaluated by scripts/review-browser.py; its value is a promise of plain data.
(async () => {
  const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // The export saves through a link to a Blob: read the Blob instead of downloading it.
  const saved = [];
  HTMLAnchorElement.prototype.click = function () { saved.push({ name: this.download, href: this.href }); };
  const rows = () => [...document.querySelectorAll("#edits tbody tr")];
  const press = (row, className) => row.querySelector("button." + className).click();

  press(rows()[0], "widen");
  press(rows()[0], "widen");
  press(rows()[0], "nudge-later");
  const drop = rows()[1].querySelector("input.keep");
  drop.click();
  document.querySelectorAll("#transcript .word")[4].click();
  for (const element of document.querySelectorAll("audio, video")) element.pause();
  document.getElementById("add-word").click();
  press(rows()[2], "nudge-earlier");
  await settle();
  document.getElementById("export-decisions").click();
  const file = saved.length ? await (await fetch(saved[0].href)).text() : null;
  return {
    name: saved.length ? saved[0].name : null,
    file,
    decisions: rows().map((row) => row.dataset.decision),
    times: rows().map((row) => row.querySelector(".decided-time").textContent),
    dropped: rows().map((row) => row.classList.contains("dropped")),
    status: document.getElementById("player-status").textContent,
  };
})();
