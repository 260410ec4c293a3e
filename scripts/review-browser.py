#!/usr/bin/env python3
"""review-browser.py — opens censor review pages in headless Chromium and reports what they show.

    scripts/review-browser.py SPEC.json

SPEC is {"pages": [{"page": "/abs/review.html",
                    "probe": "/abs/script.js",           # optional: evaluated, awaited; its value is reported
                    "shots": [{"selector": "#overview",   # union of the matching elements' boxes
                               "path": "/abs/shot.png",   # optional: where to save the PNG
                               "scale": 1,                # optional
                               "analyze": true}]}]}       # optional: dark pixels per column, per half

Prints {"pages": [{"probe": ..., "errors": [...], "shots": [{"width", "height", "bytes", "top", "bottom"}]}]} as
JSON on stdout; "top"/"bottom" count, for every pixel column, the dark pixels (max(r, g, b) < 130:
the waveform's colour, not the light edit shading or the blue playhead) in the upper and lower half.

One Chromium for all pages, driven over --remote-debugging-pipe (the DevTools protocol: JSON
messages ending in NUL on fds 3 and 4), so no port and no websocket library are needed.
"""
import base64
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import zlib


class Browser:
    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="censor-review-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        os.set_inheritable(to_browser_r, True)
        os.set_inheritable(from_browser_w, True)

        def pipes_on_3_and_4():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--no-first-run", "--no-default-browser-check",
             "--autoplay-policy=no-user-gesture-required", "--mute-audio", "--hide-scrollbars",
             "--force-color-profile=srgb", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=pipes_on_3_and_4)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def _read_message(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                return reply["result"]
            self.events.append(reply)

    def wait_event(self, method, session):
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(index)
            self.events.append(self._read_message())

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def evaluate(browser, session, expression):
    result = browser.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                               "returnByValue": True}, session)
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        raise RuntimeError("page script failed: " + json.dumps(details.get("exception", details))[:2000])
    return result["result"].get("value")


def decode_png(png):
    """Width, height and rows of RGB(A) bytes of an 8-bit PNG (what Chromium writes)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat = 8, b""
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        body = png[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "unexpected PNG format"
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = row[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                row[x] = (row[x] + a) & 255
            elif kind == 2:
                row[x] = (row[x] + b) & 255
            elif kind == 3:
                row[x] = (row[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(row)
        previous = row
    return width, height, channels, rows


def analyze(png):
    width, height, channels, rows = decode_png(png)
    top, bottom = [0] * width, [0] * width
    for y, row in enumerate(rows):
        counts = top if y < height // 2 else bottom
        for x in range(width):
            i = x * channels
            if max(row[i], row[i + 1], row[i + 2]) < 130:
                counts[x] += 1
    return {"width": width, "height": height, "top": top, "bottom": bottom}


def shoot(browser, session, shot):
    box = evaluate(browser, session, """(() => {
        const boxes = [...document.querySelectorAll(%s)].map((e) => e.getBoundingClientRect());
        const left = Math.min(...boxes.map((b) => b.left)), top = Math.min(...boxes.map((b) => b.top));
        const right = Math.max(...boxes.map((b) => b.right)), bottom = Math.max(...boxes.map((b) => b.bottom));
        return {x: left + scrollX, y: top + scrollY, width: right - left, height: bottom - top};
    })()""" % json.dumps(shot["selector"]))
    box["scale"] = shot.get("scale", 1)
    png = base64.b64decode(browser.send("Page.captureScreenshot", {
        "format": "png", "clip": box, "captureBeyondViewport": True}, session)["data"])
    if shot.get("path"):
        with open(shot["path"], "wb") as file:
            file.write(png)
    width, height = struct.unpack(">II", png[16:24])
    result = analyze(png) if shot.get("analyze") else {"width": width, "height": height}
    result["bytes"] = len(png)
    return result


def main():
    with open(sys.argv[1]) as file:
        spec = json.load(file)
    executable = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if executable is None:
        sys.exit("review-browser: no chromium on PATH; install it with scripts/install-deps.sh chromium")
    browser = Browser(executable)

    def hung(signum, frame):
        raise TimeoutError("review-browser: the pages took over %d s; a probe is waiting for an event that "
                           "never came" % spec.get("timeout", 120))

    # A hang guard, not a measurement: a probe stuck on an event must fail the run, not block it.
    signal.signal(signal.SIGALRM, hung)
    signal.alarm(spec.get("timeout", 120))
    try:
        target = next(t for t in browser.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        session = browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        browser.send("Page.enable", {}, session)
        browser.send("Runtime.enable", {}, session)
        browser.send("Emulation.setDeviceMetricsOverride", {
            "width": spec.get("width", 1000), "height": spec.get("height", 900),
            "deviceScaleFactor": 1, "mobile": False}, session)
        results = []
        for page in spec["pages"]:
            browser.events = [e for e in browser.events if e.get("method") != "Page.loadEventFired"]
            browser.send("Page.navigate", {"url": "file://" + os.path.abspath(page["page"])}, session)
            browser.wait_event("Page.loadEventFired", session)
            result = {"errors": [], "shots": []}
            if page.get("probe"):
                with open(page["probe"]) as file:
                    result["probe"] = evaluate(browser, session, file.read())
            for shot in page.get("shots", []):
                result["shots"].append(shoot(browser, session, shot))
            result["errors"] = [e["params"]["exceptionDetails"].get("exception", {}).get("description", "")
                                for e in browser.events if e.get("method") == "Runtime.exceptionThrown"]
            browser.events = []
            results.append(result)
        json.dump({"pages": results}, sys.stdout)
    finally:
        browser.close()


if __name__ == "__main__":
    main()
