# Installs the build into a scratch prefix and checks that a Linux desktop
# would find everything: binary, desktop file, metainfo, icons, translations.
#   cmake -DBUILD_DIR=… -DPREFIX=… -P check_install.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX}
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed: ${err}")
endif()
set(expected
    bin/deviceterm-gui
    share/applications/deviceterm.desktop
    share/metainfo/io.github.deviceterm.metainfo.xml
    share/icons/hicolor/scalable/apps/deviceterm.svg
    share/icons/hicolor/16x16/apps/deviceterm.png
    share/icons/hicolor/48x48/apps/deviceterm.png
    share/icons/hicolor/256x256/apps/deviceterm.png
    share/deviceterm/translations/deviceterm_de.qm
    libexec/deviceterm/deviceterm-device-shell
    share/man/man1/deviceterm.1
    share/man/man1/deviceterm-gui.1
    share/man/man5/deviceterm-config.5
    share/bash-completion/completions/deviceterm
    share/zsh/vendor-completions/_deviceterm
    share/fish/vendor_completions.d/deviceterm.fish)
foreach(f ${expected})
    if(NOT EXISTS ${PREFIX}/${f})
        message(FATAL_ERROR "not installed: ${f}")
    endif()
endforeach()
file(READ ${PREFIX}/share/applications/deviceterm.desktop desktop)
foreach(line "Exec=deviceterm-gui" "Icon=deviceterm" "Type=Application")
    string(FIND "${desktop}" "${line}" at)
    if(at LESS 0)
        message(FATAL_ERROR "deviceterm.desktop lacks ${line}")
    endif()
endforeach()
file(REMOVE_RECURSE ${PREFIX})
message(STATUS "install: every expected file is in place")
