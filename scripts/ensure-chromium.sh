#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright cannot download its own
# browser here). Installs it when missing and we are allowed to. Also
# poppler-utils: the back office's e2e reads printed PDFs with pdftotext.
set -u
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && ! command -v pdftotext >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null) \
    || echo "could not install poppler-utils: the desk's print test will fail" >&2
fi
if [ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "› installing Debian's chromium for the browser tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "could not install chromium: browser tests will fail" >&2
else
  echo "chromium not found at /usr/bin/chromium (set CHROMIUM_PATH): browser tests will fail" >&2
fi
