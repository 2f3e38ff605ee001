// pa11y (npm run check:pages) drives Debian's Chromium through Puppeteer; Puppeteer must not try to
// download a browser of its own at install time (the machine reaches only the npm registry).
module.exports = { skipDownload: true };
