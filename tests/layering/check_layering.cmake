# The include rules of DESIGN.md, checked on every source under ROOT:
#   terminal/core, rpc/contract,
#   rpc/client, app/cli, app/audit,
#   devicepanes/store, base        no Qt header at all (the CLI must start fast)
#   devicepanes/media              no Qt either (the video encoder, on its own thread)
#   terminal, devicepanes, rpc     no QtWidgets (terminal: no QtGui either)
#   everything outside app/ui      no QtWidgets (device_shell: a separate program;
#                                  app/main.cpp and app/compose: the composition root)
# and project includes ("…"), which are spelled from the repository root
# ("app/core/workspace.h", never "workspace.h" or "core/workspace.h") and
# may name only the folders the table below allows each folder (the
# README's source-layout table says the same in words). In particular
# app/ui never includes rpc/…: the widgets never see the automation server
# (the composition root wires it).
# Qt headers are recognised by name against the installed modules' header
# lists, so <QWidget> is caught as well as <QtWidgets/QWidget>.
cmake_minimum_required(VERSION 3.25)

find_path(QT_INCLUDE_ROOT QtWidgets/QWidget PATHS /usr/include/x86_64-linux-gnu/qt6 /usr/include/qt6 /usr/include/aarch64-linux-gnu/qt6)
if(NOT QT_INCLUDE_ROOT)
    message(FATAL_ERROR "cannot find the Qt include directory")
endif()

function(module_headers module out)
    file(GLOB headers RELATIVE ${QT_INCLUDE_ROOT}/${module} ${QT_INCLUDE_ROOT}/${module}/Q*)
    list(FILTER headers EXCLUDE REGEX "\\\\.")
    list(APPEND headers ${module})
    set(${out} ${headers} PARENT_SCOPE)
endfunction()
module_headers(QtWidgets WIDGET_HEADERS)
module_headers(QtGui GUI_HEADERS)

# folder = the folders its files may include, besides itself. The longest
# folder that prefixes a path is the one it belongs to.
set(MODULES
    "base="
    "terminal/core="
    "terminal=terminal/core"
    "rpc/contract="
    "rpc/client=base,rpc/contract"
    "rpc/server=rpc/contract"
    "app/audit=base"
    "app/config=base"
    "app/cli=app/audit,app/config,base,devicepanes/store,rpc/client,rpc/contract"
    "devicepanes/store=base"
    "devicepanes/media="
    "devicepanes=base,devicepanes/media,devicepanes/store"
    "device_shell="
    "app/core=app/audit,app/config,base,devicepanes,devicepanes/store,rpc/client,rpc/contract,rpc/server,terminal,terminal/core"
    "app/desktop="
    "app/ui=app/config,app/core,app/desktop,base,devicepanes,devicepanes/store,terminal,terminal/core"
    "app/compose=*"
    "app/main.cpp=*"
)

# The module (table folder) a path belongs to, or "" for none.
function(module_of path out)
    set(best "")
    foreach(entry ${MODULES})
        string(REGEX REPLACE "=.*" "" folder "${entry}")
        string(LENGTH "${folder}" n)
        string(LENGTH "${best}" b)
        if((path STREQUAL folder OR path MATCHES "^${folder}/") AND n GREATER b)
            set(best "${folder}")
        endif()
    endforeach()
    set(${out} "${best}" PARENT_SCOPE)
endfunction()

function(allowed_of module out)
    foreach(entry ${MODULES})
        if(entry MATCHES "^${module}=(.*)$")
            string(REPLACE "," ";" allowed "${CMAKE_MATCH_1}")
            set(${out} "${module};${allowed}" PARENT_SCOPE)
            return()
        endif()
    endforeach()
    set(${out} "" PARENT_SCOPE)
endfunction()

set(violations "")
file(GLOB_RECURSE sources RELATIVE ${ROOT} ${ROOT}/*.h ${ROOT}/*.cpp)
list(FILTER sources EXCLUDE REGEX "^(build|tests|bench)")
foreach(source ${sources})
    file(STRINGS ${ROOT}/${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*<")
    foreach(line ${includes})
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*<([^>]+)>.*" "\\1" header "${line}")
        string(REGEX REPLACE "^Qt[A-Za-z]+/" "" name "${header}")
        string(REGEX MATCH "^(Qt[A-Za-z]+)/" module_prefix "${header}")
        set(is_qt FALSE)
        if(header MATCHES "^Q" OR module_prefix)
            set(is_qt TRUE)
        endif()
        set(is_widgets FALSE)
        if(name IN_LIST WIDGET_HEADERS OR module_prefix STREQUAL "QtWidgets/")
            set(is_widgets TRUE)
        endif()
        set(is_gui FALSE)
        if(name IN_LIST GUI_HEADERS OR module_prefix STREQUAL "QtGui/")
            set(is_gui TRUE)
        endif()

        if(source MATCHES "^(terminal/core|rpc/contract|rpc/client|app/cli|app/audit|devicepanes/store|devicepanes/media|base)/" AND is_qt)
            list(APPEND violations "${source}: <${header}> (no Qt allowed here)")
        elseif(source MATCHES "^terminal/" AND (is_gui OR is_widgets))
            list(APPEND violations "${source}: <${header}> (terminal/ uses QtCore only)")
        elseif(NOT source MATCHES "^(app/ui/|app/compose/|device_shell/|app/main\\.cpp$)" AND is_widgets)
            list(APPEND violations "${source}: <${header}> (QtWidgets only in app/ui, the composition root and the device shell)")
        endif()
    endforeach()
    # Project includes ("…"): spelled from the root, and allowed by the table.
    module_of("${source}" from)
    allowed_of("${from}" allowed)
    file(STRINGS ${ROOT}/${source} project_includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line ${project_includes})
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" header "${line}")
        module_of("${header}" to)
        if(to STREQUAL "")
            list(APPEND violations "${source}: \"${header}\" (spell project includes from the repository root)")
        elseif(from STREQUAL "")
            list(APPEND violations "${source}: \"${header}\" (this folder is not in the layering table)")
        elseif(from MATCHES "^app/ui" AND to MATCHES "^rpc/")
            list(APPEND violations "${source}: \"${header}\" (app/ui never sees the automation server)")
        elseif(NOT "*" IN_LIST allowed AND NOT to IN_LIST allowed)
            list(APPEND violations "${source}: \"${header}\" (${from} may not include ${to})")
        endif()
    endforeach()
endforeach()

list(LENGTH sources checked)
if(violations)
    list(JOIN violations "\n  " text)
    message(FATAL_ERROR "layering violations:\n  ${text}")
endif()
message(STATUS "layering: ${checked} files follow the include rules")
