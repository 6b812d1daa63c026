#!/usr/bin/python3
# Minimal WebKitGTK "browser" for WebKitWebDriver. Replaces MiniBrowser, which
# cannot be narrower than 447 px. WebKitWebDriver starts it with
# WEBKIT_INSPECTOR_SERVER=127.0.0.1:<port> in the environment (it appends no
# arguments of its own to a custom binary); once automation is allowed on the
# web context, WebKit connects to that port and emits 'automation-started'.
#
# Capabilities:
#   'webkitgtk:browserOptions': { binary: '/usr/bin/python3',
#                                 args: ['/path/to/webkit-host.py', ...options] }
# Options:
#   --console          page console messages + uncaught errors -> stdout
#                      (stdout is inherited from WebKitWebDriver)
#   --record-console   inject a document-start script that records console
#                      calls and uncaught errors into window.__console
#   --size=WxH         initial window size (default 1280x800)
#
# Use /usr/bin/python3 (Debian's): a pyenv/venv python3 has no `gi` module.
import sys
import gi
gi.require_version('Gtk', '3.0')
gi.require_version('Gdk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, Gdk, GLib, WebKit2

args = sys.argv[1:]
width, height = 1280, 800
for a in args:
    if a.startswith('--size='):
        width, height = (int(v) for v in a[7:].split('x'))

RECORDER = r'''(() => {
  const log = window.__console = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    const orig = console[level];
    console[level] = function (...a) {
      log.push({ level, text: a.map(String).join(' ') });
      return orig.apply(this, a);
    };
  }
  addEventListener('error', e => log.push({ level: 'uncaught',
    text: String(e.message), source: e.filename, line: e.lineno }));
  addEventListener('unhandledrejection', e => log.push({ level: 'unhandledrejection',
    text: String(e.reason && e.reason.message || e.reason) }));
})();'''

ctx = WebKit2.WebContext.get_default()
ctx.set_automation_allowed(True)           # without this no session is created
windows = []


def focus(win):
    # No window manager under Xvfb: nobody gives the window input focus, so
    # keyboard focus / :focus-visible would not work. Take it explicitly.
    if win.get_window() is not None:
        win.get_window().focus(Gdk.CURRENT_TIME)
    win.present()


def on_close(view, win):                  # WebDriver "Close Window"
    windows.remove(win)
    win.destroy()


def create_web_view(session):             # "New Session" / "New Window"
    ucm = WebKit2.UserContentManager()
    if '--record-console' in args:
        ucm.add_script(WebKit2.UserScript.new(
            RECORDER, WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START, None, None))
    view = WebKit2.WebView(web_context=ctx, user_content_manager=ucm,
                           is_controlled_by_automation=True)  # mandatory
    if '--console' in args:
        view.get_settings().set_enable_write_console_messages_to_stdout(True)
    win = Gtk.Window(title='webkit-host')
    win.set_default_size(width, height)
    win.add(view)
    view.connect('close', on_close, win)
    win.connect('map-event', lambda w, e: focus(w))
    win.show_all()
    focus(win)
    view.grab_focus()
    windows.append(win)
    return view


def on_automation_started(context, session):
    info = WebKit2.ApplicationInfo()       # reported as browserName/Version
    info.set_name('webkit-host')
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(),
                     WebKit2.get_micro_version())
    session.set_application_info(info)
    session.connect('create-web-view', create_web_view)
    # "Delete Session" closes the automation connection -> exit the process.
    session.connect('will-close', lambda s: GLib.idle_add(Gtk.main_quit))


ctx.connect('automation-started', on_automation_started)
Gtk.main()
