// WebKit's own `URL` (WebKitGTK, through gjs) as a parser for `url-grammar compare`:
//
//     xvfb-run -a gjs -m adapters/webkit.js
//
// It opens about:blank in a WebKitWebView (WebKit2GTK 4.1) and evaluates `new URL(input, base)`
// in that page for many requests in one round trip: what has arrived on standard input is sent as
// one batch (sized and answered by adapters/in-page-batch.mjs), the answers are written, and
// meanwhile the next batch is collected. A GTK web view needs a display: xvfb-run gives it a virtual one. The mapping is
// documented in adapters/README.md#webkit-url; the protocol in docs/compare-protocol.md.

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import Gtk from 'gi://Gtk?version=3.0';
import WebKit2 from 'gi://WebKit2?version=4.1';
import System from 'system';
import { batchLength, evaluateBatch } from './in-page-batch.mjs';

function fail(message) {
  printerr(`adapters/webkit.js: ${message}`);
  System.exit(1);
}

// no GPU here: software rendering, and no compositing (nothing is ever drawn that matters)
GLib.setenv('WEBKIT_DISABLE_COMPOSITING_MODE', '1', true);
GLib.setenv('LIBGL_ALWAYS_SOFTWARE', '1', true);
Gtk.init(null);

const input = new Gio.DataInputStream({ base_stream: new Gio.UnixInputStream({ fd: 0, close_fd: false }) });
const output = new Gio.UnixOutputStream({ fd: 1, close_fd: false });
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
// ephemeral: nothing of the page (cache, storage, cookies) is written to disk, so nothing is left
// behind when this process ends, however it ends
const view = new WebKit2.WebView({ is_ephemeral: true });
const loop = new GLib.MainLoop(null, false);
let exitCode = 0;

// SIGTERM, SIGINT, SIGHUP: leave the main loop and exit; the web view's processes (WebKitWebProcess,
// WebKitNetworkProcess) end with this one, and xvfb-run, which waits for it, then removes its own
// temporary folder and stops its Xvfb
for (const [signum, code] of [[15, 143], [2, 130], [1, 129]]) {
  GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, () => {
    exitCode = code;
    loop.quit();
    return GLib.SOURCE_REMOVE;
  });
}

const queue = []; // parsed requests not yet sent to the page
let ended = false;
let busy = false;
let ready = false;

function readNext() {
  input.read_line_async(GLib.PRIORITY_DEFAULT, null, (stream, result) => {
    let line;
    try {
      [line] = stream.read_line_finish(result); // bytes up to LF, without it; null at the end
    } catch (e) {
      fail(`reading standard input: ${e.message}`);
    }
    if (line === null) {
      ended = true;
    } else {
      const text = decoder.decode(line).trim();
      if (text !== '') queue.push(JSON.parse(text));
      readNext();
    }
    pump();
  });
}

function pump() {
  if (!ready || busy) return;
  if (queue.length === 0) {
    if (ended) loop.quit();
    return;
  }
  busy = true;
  const batch = queue.splice(0, batchLength(queue));
  const args = JSON.stringify(batch.map((r) => [r.input, r.base ?? null]));
  // the page gives its answer back as one JSON string
  view.evaluate_javascript(`JSON.stringify((${evaluateBatch})(${args}))`, -1, null, null, null, (v, result) => {
    let answers;
    try {
      answers = JSON.parse(v.evaluate_javascript_finish(result).to_string());
    } catch (e) {
      fail(`evaluating a batch in the page: ${e.message}`);
    }
    let out = '';
    for (let k = 0; k < batch.length; k++) out += JSON.stringify({ id: batch[k].id, ...answers[k] }) + '\n';
    output.write_all(encoder.encode(out), null);
    output.flush(null);
    busy = false;
    pump();
  });
}

view.connect('load-changed', (_view, event) => {
  if (event !== WebKit2.LoadEvent.FINISHED || ready) return;
  ready = true;
  pump();
});
view.connect('web-process-terminated', () => fail('the web process ended'));
const window = new Gtk.OffscreenWindow();
window.add(view);
window.show_all();
view.load_uri('about:blank');
readNext();
loop.run();
System.exit(exitCode);
