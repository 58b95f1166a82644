#pragma once

#include "terminal/core/terminal.h"

#include <QString>
#include <Qt>

#include <optional>
#include <string>

namespace dt::terminal {

// What a key press should send to the program. Qt's key codes and modifier
// flags live in QtCore, so this stays free of QtGui.
struct KeyAction {
    enum Kind { Nothing, SpecialKey, Text };
    Kind kind = Nothing;
    dt::term::Key key = dt::term::Key::Enter;
    dt::term::Modifiers modifiers = dt::term::NoModifier;
    std::u32string text; // for Text; Alt in `modifiers` adds an ESC prefix
};

KeyAction mapKey(int qtKey, Qt::KeyboardModifiers modifiers, const QString &text);

// What a key press sent: nothing, its legacy bytes, or the form the
// keyboard protocol the program asked for gives it.
enum class KeySent : uint8_t { Nothing, Legacy, Protocol };

// The same key press (or repeat, or release) as the keyboard protocols
// describe it (key_event.h); nothing for keys no protocol has a number for.
// `nativeKeysym`: the X keysym Qt reports, which tells left and right
// modifier keys apart (0 when unknown).
std::optional<dt::term::KeyEvent> toKeyEvent(int qtKey, Qt::KeyboardModifiers modifiers, const QString &text,
                                             quint32 nativeKeysym, dt::term::KeyEventType type);

// Qt's modifier flags as the terminal model's (for mouse reports too).
dt::term::Modifiers toModifiers(Qt::KeyboardModifiers modifiers);

// Sends an action to the terminal model.
void applyKeyAction(dt::term::Terminal &terminal, const KeyAction &action);

} // namespace dt::terminal
