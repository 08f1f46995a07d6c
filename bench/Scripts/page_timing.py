#!/usr/bin/env python3
"""transitionctl web's page in headless Chromium (chromium-driver, selenium), for the bench's
sockets.web.page-* rows: opens URL#stack=STACK, lets it draw, then over SECONDS counts the frames the
page received, drew and skipped (received, then replaced by a newer one before requestAnimationFrame
drew), and the script's drawing time per drawn frame (performance.now() around the draw).

Usage: page_timing.py URL STACK SECONDS PROFILE_DIRECTORY
Prints key=value lines: draws, received, skipped, missed, p50_ms, p99_ms, mean_ms.
"""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def main():
    url, stack, seconds, directory = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,720",
                     "--force-device-scale-factor=1", "--user-data-dir=" + directory]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url + "#stack=" + stack)
        deadline = time.monotonic() + 60
        while not driver.execute_script(
                "const m = window.transitiondWeb && window.transitiondWeb.models.get(arguments[0]);"
                "return m && m.drawnCount > 30;", stack):
            if time.monotonic() > deadline:
                raise TimeoutError("the page drew nothing")
            time.sleep(0.05)
        reset = ("const m = window.transitiondWeb.models.get(arguments[0]);"
                 "m.drawMilliseconds = []; m.received = 0; m.drawnCount = 0; m.skipped = 0; m.missed = 0;")
        driver.execute_script(reset, stack)
        # The interval measured: the page runs on its own meanwhile.
        time.sleep(seconds)
        values = driver.execute_script(
            "const m = window.transitiondWeb.models.get(arguments[0]);"
            "return {draws: m.drawMilliseconds.slice(), received: m.received, drawn: m.drawnCount,"
            " skipped: m.skipped, missed: m.missed};", stack)
    finally:
        driver.quit()
    draws = sorted(values["draws"])
    if not draws:
        raise SystemExit("no frame drawn")
    print("draws=%d" % len(draws))
    print("received=%d" % values["received"])
    print("skipped=%d" % values["skipped"])
    print("missed=%d" % values["missed"])
    print("p50_ms=%.6f" % draws[len(draws) // 2])
    print("p99_ms=%.6f" % draws[min(len(draws) - 1, int(len(draws) * 0.99))])
    print("mean_ms=%.6f" % (sum(draws) / len(draws)))


if __name__ == "__main__":
    main()
