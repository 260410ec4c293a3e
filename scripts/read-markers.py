#!/usr/bin/env python3
"""read-markers.py — reads censor's marker files back with OpenTimelineIO, as an editor's
converter would, and prints what it found as JSON for the marker tests.

    scripts/read-markers.py edl FILE RATE     # otio's cmx_3600 adapter
    scripts/read-markers.py otio FILE         # otio's native JSON reader
    scripts/read-markers.py fcpxml FILE       # otio's fcpx_xml adapter, and FCPXML 1.8's DTD rules

Times are printed in frames of each item's own rate. Install the readers with
`scripts/install-deps.sh pip:opentimelineio pip:otio-cmx3600-adapter pip:otio-fcpx-xml-adapter`.
"""
import json
import sys
import xml.etree.ElementTree as ElementTree

import opentimelineio as otio


def plain(value):
    """OpenTimelineIO's metadata containers as JSON's dictionaries and lists."""
    if hasattr(value, "items"):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        return value
    return [plain(item) for item in value]


def marker(m):
    return {
        "name": m.name,
        "start": m.marked_range.start_time.value,
        "duration": m.marked_range.duration.value,
        "rate": m.marked_range.start_time.rate,
        "metadata": plain(m.metadata),
    }


def clips(timeline):
    result = []
    for clip in timeline.find_clips():
        placed = clip.range_in_parent()
        result.append({
            "name": clip.name,
            "sourceStart": clip.source_range.start_time.value,
            "duration": clip.source_range.duration.value,
            "recordStart": placed.start_time.value,
            "markers": [marker(m) for m in clip.markers],
        })
    return result


# FCPXML 1.8's DTD, for the elements censor writes: each element's children in the order the
# DTD allows, and the attributes it requires.
FCPXML_CHILDREN = {
    "fcpxml": ["resources", "library"],
    "resources": ["format", "asset"],
    "library": ["event"],
    "event": ["project"],
    "project": ["sequence"],
    "sequence": ["spine"],
    "spine": ["asset-clip"],
    "asset-clip": ["marker"],
    "format": [],
    "asset": [],
    "marker": [],
}
FCPXML_REQUIRED = {
    "format": ["id"],
    "asset": ["id", "src"],
    "sequence": ["format"],
    "asset-clip": ["ref"],
    "marker": ["start", "value"],
}
AUDIO_RATES = {"32k", "44.1k", "48k", "88.2k", "96k", "176.4k", "192k"}


def dtd_problems(path):
    root = ElementTree.parse(path).getroot()
    problems = []
    if root.tag != "fcpxml" or root.get("version") != "1.8":
        problems.append("root is not <fcpxml version=\"1.8\">")
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    for element in root.iter():
        allowed = FCPXML_CHILDREN.get(element.tag)
        if allowed is None:
            problems.append(f"unexpected element <{element.tag}>")
            continue
        order = [allowed.index(c.tag) if c.tag in allowed else -1 for c in element]
        if -1 in order or order != sorted(order):
            problems.append(f"<{element.tag}> children {[c.tag for c in element]} not as the DTD orders them")
        for attribute in FCPXML_REQUIRED.get(element.tag, []):
            if not element.get(attribute):
                problems.append(f"<{element.tag}> lacks required {attribute}")
        for reference in ("ref", "format"):
            if element.tag in ("asset-clip", "asset", "sequence") and element.get(reference) and element.get(reference) not in ids:
                problems.append(f"<{element.tag}> {reference}={element.get(reference)} names no id")
        for attribute in ("start", "duration", "offset", "tcStart", "frameDuration"):
            value = element.get(attribute)
            if value is not None and not (value.endswith("s") and all(p.isdigit() for p in value[:-1].split("/"))):
                problems.append(f"<{element.tag}> {attribute}={value} is no FCPXML time")
        if element.tag == "sequence" and element.get("audioRate") not in (None, *AUDIO_RATES):
            problems.append(f"<sequence> audioRate={element.get('audioRate')} is not one of the DTD's")
        if element.get("tcFormat") not in (None, "DF", "NDF"):
            problems.append(f"<{element.tag}> tcFormat={element.get('tcFormat')}")
    return problems


def main():
    kind, path = sys.argv[1], sys.argv[2]
    if kind == "edl":
        timeline = otio.adapters.read_from_file(path, adapter_name="cmx_3600", rate=float(eval(sys.argv[3])))
        result = {"clips": clips(timeline)}
    elif kind == "otio":
        timeline = otio.adapters.read_from_file(path, adapter_name="otio_json")
        result = {"clips": clips(timeline), "globalStart": timeline.global_start_time.value}
    else:
        collection = otio.adapters.read_from_file(path, adapter_name="fcpx_xml")
        timeline = next(iter(collection))
        result = {"clips": clips(timeline), "dtdProblems": dtd_problems(path)}
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
