#!/usr/bin/python3
# The browser WebKitWebDriver starts for the WebKit tests: one bare WebKitGTK view per automation
# session, in a window of any size (Debian's MiniBrowser cannot be narrower than 447 px).
#
# WebKitWebDriver runs it with WEBKIT_INSPECTOR_SERVER=127.0.0.1:<port> in the environment; once
# automation is allowed on the web context, WebKit connects there and emits 'automation-started'.
# The driver's capabilities name it:
#   'webkitgtk:browserOptions': { binary: '/usr/bin/python3', args: [this file, '--record-console'] }
# --record-console keeps each page's console messages and uncaught errors in window.__console,
# since WebKitWebDriver has no WebDriver BiDi to report them.
#
# /usr/bin/python3 is Debian's, which has the GTK bindings (python3-gi, gir1.2-webkit2-4.1).
import sys

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('Gdk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gdk, GLib, Gtk, WebKit2  # noqa: E402

RECORDER = r'''(() => {
  const log = window.__console = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    const original = console[level];
    console[level] = function (...args) {
      log.push({ level, text: args.map(String).join(' ') });
      return original.apply(this, args);
    };
  }
  addEventListener('error', (e) => log.push({ level: 'uncaught', text: String(e.message) }));
  addEventListener('unhandledrejection', (e) =>
    log.push({ level: 'uncaught', text: String((e.reason && e.reason.message) || e.reason) }));
})();'''

context = WebKit2.WebContext.get_default()
context.set_automation_allowed(True)


def focus(window):
    # Under Xvfb no window manager gives the window the input focus: without it, keyboard focus
    # and :focus-visible would not work.
    if window.get_window() is not None:
        window.get_window().focus(Gdk.CURRENT_TIME)
    window.present()


def create_web_view(session):
    """A new session or window: a view in a window of its own."""
    content = WebKit2.UserContentManager()
    if '--record-console' in sys.argv:
        content.add_script(WebKit2.UserScript.new(
            RECORDER, WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START, None, None))
    view = WebKit2.WebView(web_context=context, user_content_manager=content,
                           is_controlled_by_automation=True)
    window = Gtk.Window(title='webkit-host')
    window.set_default_size(1280, 800)
    window.add(view)
    view.connect('close', lambda *_: window.destroy())
    window.connect('map-event', lambda w, _: focus(w))
    window.show_all()
    focus(window)
    view.grab_focus()
    return view


def on_automation_started(_, session):
    info = WebKit2.ApplicationInfo()  # the session's browserName and browserVersion
    info.set_name('webkit-host')
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(),
                     WebKit2.get_micro_version())
    session.set_application_info(info)
    session.connect('create-web-view', create_web_view)
    # When the session ends, or the driver dies, the host goes too.
    session.connect('will-close', lambda _: GLib.idle_add(Gtk.main_quit))


context.connect('automation-started', on_automation_started)
Gtk.main()
