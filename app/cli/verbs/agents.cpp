// `deviceterm agents`: prints the guide for coding agents and scripts running in a tab (environment,
// verbs, references, privacy, orchestration, output conventions).

#include "app/cli/cli.h"

#include <cstdio>

namespace dt::cli {

// A guide for coding agents and scripts running inside a deviceterm tab.
int runAgents(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    std::fputs(R"(deviceterm for agents and scripts
==================================

)", stdout);
    if (!c.inTab())
        std::fputs("You are not in a deviceterm tab (DEVICETERM_SESSION is unset): what follows works from a\n"
                   "shell inside one. Start deviceterm-gui and read this there with 'deviceterm agents'.\n\n",
                   stdout);
    std::fputs(R"(The shell of a deviceterm tab is started with:

  DEVICETERM_SESSION      this terminal's session id (a UUID)
  DEVICETERM_SESSION_CAP  a secret proving it; never print it, log it or pass
                          it as an argument: the CLI reads it from the
                          environment
  DEVICETERM_SESSION_ROLE agent (or orchestrator, in tabs a person opened as such)
  DEVICETERM_DAEMON_SOCK  the socket of the running deviceterm
  PATH                    the session's bin/ first, with a `deviceterm` that
                          matches the running app

The secret only works from processes that run in this terminal (or descend
from one that does): copying it into another terminal gets you refused.

READING STATE
  deviceterm tabs list --json      every live terminal session; yours has "current": true
  deviceterm tabs current --json   your own row
  deviceterm tab info --json       sessionId, shortId, name, role (--tab REF: another tab)
  deviceterm windows list --json   your window (--all: every window)
  deviceterm events                JSON lines about your session; its own close comes last.
                                   Each line has "seq" (1, 2, … on this stream: a gap
                                   means lines were lost). command.started and
                                   command.finished {tab, sessionId, commandId, command,
                                   exitStatus, durationMillis} come for your own tab's
                                   commands, and from an orchestrator tab for every
                                   tab's that is not private. pane.gesture {paneId, udid,
                                   gesture: tap|longPress|swipe|scroll|key|text|button|
                                   rotate|twoFingers, at, to, element {text, role}, …} tells
                                   you what a person did on your device panes

CHANGING THE WORKSPACE (never asks the person anything)
  deviceterm tab open [--cwd DIR] [--cmd CMD]     a new agent tab in your window
  deviceterm tab open --cmd 'make test' --wait [--timeout S]
      Opens the tab, runs the command at its first prompt and answers as
      tab run does (its output; exits with its status). No grant needed:
      the tab is yours. The record's "tab" names it for later calls.
  deviceterm pane open --terminal [--cwd] [--cmd] a terminal split beside yours
  deviceterm tab rename NAME… | tab select | tab move --to N (0 = first) | tab close
  deviceterm pane close [--pane REF]
  deviceterm window open | window focus | window close

  References (--tab): "current" (the default), a shortId, a name (given by
  tab rename; a shared one is intent.ambiguous), or a sessionId (or at least
  its first 4 characters). Windows: "current" or a 1-based index from
  `windows list --all`. Device panes (--pane): a paneId, shortId or udid,
  the device's name, or at least the first 4 characters of an id.

DEVICES (virtual phones, watches, pads, TVs beside your terminal)
  deviceterm sim create NAME --profile phone   then   deviceterm sim boot NAME
  deviceterm panes list --json      your device panes; wait for "state": "rendering"
  deviceterm ax snapshot [--interactive]   one line per element, each with a ref:
                                    "@e5 Button 'Counter' at 0.50,0.43"
  deviceterm tap @e5 | tap --label Counter [--role Button]   tap an element (its centre)
  deviceterm text --into @e9 'Ada'  tap a field, then type into it
  deviceterm swipe --from @e4 --direction up   from an element's centre, 0.3 of the screen that way
  deviceterm find --label L | --role R | --text T [--contains|--regex]   matches, with refs
  deviceterm assert visible|hidden FINDER | assert value FINDER EXPECTED
                                    exit 0 holds, 1 does not, 2 could not check
  deviceterm wait-for --label 'Count 3' [--gone] [--timeout 5s]   instead of sleep
  deviceterm tap --label +1 --then-wait-idle   any input verb; returns once the screen settled
  deviceterm screenshot -o screen.png   the device's screen as evidence
  deviceterm record start -o run.webm … record stop   a video of the screen (.webm, .mkv, .mp4);
                                    stop prints frames and duration once the file is complete
  deviceterm logs [--follow]        what the device's app (and sim launch programs) printed,
                                    kept after a crash: read it when a device shows "failed"
  deviceterm perf                   CPU and memory of the device's app (and launched programs)
  deviceterm replay flow.yaml [-e NAME=VALUE] [--timeout 17s]   run a Maestro flow (tapOn, inputText,
                                    assertVisible, scrollUntilVisible, repeat, runFlow, …): a line
                                    per step; exit 0 all passed, 1 one failed (screenshot beside the
                                    flow), 2 the flow was refused (file:line:column says why)
  deviceterm replay --record flow.yaml   the flow of what a person does on the pane (taps by
                                    the element's text, else the point), written as it happens;
                                    Ctrl+C ends it. Add assertVisible lines, then replay it
      Refs number the UI the last snapshot saw: once it changed they are
      refused (intent.staleRef) until you take a new snapshot. A finder that
      a tap needs one element from and that matches several is
      intent.ambiguous, listing them. --then-wait-idle exits 3 when the
      input went in but the screen never settled (do not send it again).
  deviceterm ax tree                the app's whole tree as JSON, normalizedCenter {x, y}
  deviceterm tap X Y                X, Y fractions of the screen (pass a normalizedCenter)
  deviceterm swipe X1 Y1 X2 Y2 [--hold MS] | long-press X Y | text 'any text' | button home
  deviceterm key KEYSYM | rotate landscape-left | crown N (watches)
  The device shell's Timer page shows "Ready" 1.5 s after it opens and its
  stopwatch never lets the screen settle while it runs: try waits on it.
  deviceterm with-pane CMD…         CMD runs with DISPLAY (and its XAUTHORITY) set to the device's screen
  deviceterm sim shutdown NAME      every process of the device goes
  Receipts confirm the input was sent, not what the app did: check the
  result with assert (or find, or ax snapshot) afterwards.

PRIVACY
  deviceterm tab set-private true|false [--tab REF]
      Hides a tab you have a terminal in from every other session: lists,
      references (they answer "not found"), window counts, orchestration.
      Its own terminals keep seeing it. The person can flip it from the tab's
      context menu too. Receipt {ok, tab, isPrivate, committed}.

ORCHESTRATION (only in a tab the person opened as an orchestrator tab)
  deviceterm tab send-input --tab REF [--type-delay MS] -- 'make test\n'
      Types into the tab's first terminal as keys: \n is Enter, so text
      without it waits at the prompt. Escapes: \n \r \t \e \0 \\ \xHH.
      --type-delay (at most 1000) types one character at a time; calls to the
      same tab type in order, instant ones waiting behind paced ones. The receipt counts bytes and never echoes text;
      every send is recorded in an audit log that `doctor` verifies.
  deviceterm tab capture --tab REF [--scrollback N]
      The tab's visible screen as text (plus N lines of history).
  deviceterm tab run --tab REF [--timeout SECONDS] -- 'make test'
      Runs the command at the tab's prompt and waits for it: prints exactly
      its output and exits with its status (124 after --timeout, the command
      left running). No polling. Needs a tab whose shell is integrated (bash,
      zsh or fish; `tab info` says shellIntegration). Refused while the tab
      runs another command, or while someone has typed at its prompt
      (intent.busy); with --queue it waits for the running command to end
      (still refused if someone has typed at the prompt by then).
  deviceterm tab wait --tab REF [--timeout SECONDS]
      Waits for the command the tab is running (or takes its last one).
  Without a live grant these fail with error.role_violation, whatever
  DEVICETERM_SESSION_ROLE says: the grant lives in the app, and the person
  can revoke it from the menu at any time; a wait ends at once then.

RUNNING A COMMAND AND READING WHAT IT DID (no polling, no screen scraping)
  From any tab:
    deviceterm tab open --cmd 'make test' --wait > test.log; echo "status $?"
        (a new tab runs it; the record's "tab", with --json, names that tab;
        reading it again later needs an orchestrator tab)
    deviceterm tab commands --json; deviceterm tab output   # your own tab's
  From an orchestrator tab (a person opened it as one), in any other tab:
    deviceterm tab run --tab build -- 'make test' > test.log; echo "status $?"
    deviceterm tab output --tab build --max-bytes 4096     # the last output again
    deviceterm events    # command.started / command.finished as they happen

COMMANDS (your own tab; any tab from an orchestrator tab)
  deviceterm tab commands [--tab REF] [--limit N]
      The commands the shell ran: id, status, duration, command line.
  deviceterm tab output [--tab REF] [--command ID] [--max-bytes N]
      One command's output (default: the last finished one), not the screen.
  --json gives {commandId, command, cwd, exitStatus, durationMillis, output,
  running, startedMillis, tab, truncated}; truncated means --max-bytes or
  trimmed history cut the start of the output.

OUTPUT AND ERRORS
  --json goes before or after the operands. JSON goes to stdout with a
  trailing newline; keys are sorted, absent optional values are left out
  (test with has("key"), not for null); ignore keys you do not know.
  Errors are prose on stderr with exit status 1. With --json, an error the
  app answered with is instead one JSON line on stderr with its codes:
  {"error":{"code":-32099,"intent":"intent.staleRef","message":"..."}}
  ("intent" when it has one: intent.notFound, .ambiguous, .staleRef, .busy,
  .timeout, … as named above). Mistakes on the command line stay prose.
  Check the exit status before parsing stdout.

DIAGNOSIS
  deviceterm doctor     what is set up, what the running deviceterm says
  deviceterm version    versions of the CLI, the app and the wire protocol
)",
               stdout);
    return 0;
}

} // namespace dt::cli
