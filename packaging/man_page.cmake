# Writes a man page from a template and what a program just built prints
# (its help, its config reference), so the page cannot drift from the
# tables the program itself reads.
#   cmake -DTEMPLATE=x.1.in -DOUT=x.1 -DVERSION=… -DPROGRAM=prog -DARGS="arg,arg,…" -P man_page.cmake
cmake_minimum_required(VERSION 3.25)
set(ENV{XDG_CONFIG_HOME} /nonexistent) # the defaults, not the builder's own settings
set(ENV{LANG} C)
set(ENV{LANGUAGE} "")
unset(ENV{DISPLAY})
unset(ENV{WAYLAND_DISPLAY})
unset(ENV{QT_QPA_PLATFORM})
string(REPLACE "," ";" ARGS "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${ARGS} OUTPUT_VARIABLE text RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} ${ARGS} failed (${rc}): ${err}")
endif()
# The program's own path (Qt prints it in "Usage:") is the installed name.
get_filename_component(name ${PROGRAM} NAME)
string(REPLACE "${PROGRAM}" "${name}" text "${text}")
# roff: a backslash is \e, a line may not begin with . or ', a minus is \-.
string(REPLACE "\\" "\\e" text "${text}")
string(REPLACE "-" "\\-" text "${text}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
file(READ ${TEMPLATE} page)
string(REPLACE "@GENERATED@" "${text}" page "${page}")
string(REPLACE "@VERSION@" "${VERSION}" page "${page}")
file(WRITE ${OUT} "${page}")
