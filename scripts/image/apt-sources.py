#!/usr/bin/env python3
"""apt-sources: print the host's Debian apt sources for one release as
deb822 stanzas (URIs, suites, components), for the guest image.

usage: apt-sources.py RELEASE [--mirror]
  --mirror  print only the URI that serves RELEASE itself (for debootstrap)

Reads /etc/apt/sources.list and /etc/apt/sources.list.d/*.{list,sources};
keeps entries whose suite is RELEASE or RELEASE-<something>, so no mirror
host name lives in the repository.
"""
import glob
import sys


def entries():
    for path in ["/etc/apt/sources.list"] + sorted(
            glob.glob("/etc/apt/sources.list.d/*.list")):
        try:
            lines = open(path).read().splitlines()
        except OSError:
            continue
        for line in lines:
            words = line.split("#")[0].split()
            if len(words) < 3 or words[0] != "deb":
                continue
            words = [w for w in words[1:] if not w.startswith("[")]
            yield words[0], [words[1]], words[2:]
    for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
        for stanza in open(path).read().split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                if line.startswith("#") or ":" not in line:
                    continue
                key, _, val = line.partition(":")
                fields[key.strip().lower()] = val.split()
            if "deb" not in fields.get("types", []) or \
                    fields.get("enabled", ["yes"]) == ["no"]:
                continue
            for uri in fields.get("uris", []):
                yield uri, fields.get("suites", []), \
                    fields.get("components", [])


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rel = sys.argv[1]
    keep = []
    for uri, suites, comps in entries():
        suites = [s for s in suites if s == rel or s.startswith(rel + "-")]
        if suites:
            keep.append((uri, suites, comps or ["main"]))
    if not keep:
        sys.exit("apt-sources: no apt source serves " + rel)
    if "--mirror" in sys.argv:
        for uri, suites, _ in keep:
            if rel in suites:
                print(uri)
                return
        sys.exit("apt-sources: no apt source serves " + rel + " itself")
    for uri, suites, comps in keep:
        print("Types: deb\nURIs: %s\nSuites: %s\nComponents: %s\n"
              "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"
              % (uri, " ".join(suites), " ".join(comps)))


main()
