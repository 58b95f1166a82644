# Builds the .deb from this build (CPack, as scripts/package.sh does) and
# checks what Debian's tools read from it: control fields, maintainer
# scripts and the files where Debian looks for them.
#   cmake -DBUILD_DIR=… -DOUT_DIR=… -P check_deb.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${OUT_DIR})
execute_process(COMMAND cpack -G DEB -B ${OUT_DIR} -D CPACK_DEBIAN_COMPRESSION_TYPE=gzip
    WORKING_DIRECTORY ${BUILD_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cpack failed: ${out}${err}")
endif()
file(GLOB debs ${OUT_DIR}/deviceterm_*.deb)
list(LENGTH debs count)
if(NOT count EQUAL 1)
    message(FATAL_ERROR "expected one deviceterm_*.deb in ${OUT_DIR}, found: ${debs}")
endif()

function(expect haystack needle what)
    string(FIND "${haystack}" "${needle}" at)
    if(at LESS 0)
        message(FATAL_ERROR "${what} lacks '${needle}':\n${haystack}")
    endif()
endfunction()

execute_process(COMMAND dpkg-deb --field ${debs} OUTPUT_VARIABLE control RESULT_VARIABLE rc)
# The libraries found by dpkg-shlibdeps, and the programs it runs.
foreach(field "Package: deviceterm" "Architecture: " "libqt6widgets6" "libvterm0" "libavcodec" "qt6-qpa-plugins" "xvfb"
              "at-spi2-core" "Provides: x-terminal-emulator" "Section: x11" "Homepage: https://")
    expect("${control}" "${field}" "the control file")
endforeach()

execute_process(COMMAND dpkg-deb --contents ${debs} OUTPUT_VARIABLE contents)
foreach(path ./usr/bin/deviceterm-gui ./usr/bin/deviceterm ./usr/libexec/deviceterm/deviceterm-device-shell
             ./usr/share/applications/deviceterm.desktop ./usr/share/metainfo/io.github.deviceterm.metainfo.xml
             ./usr/share/icons/hicolor/scalable/apps/deviceterm.svg
             ./usr/share/man/man1/deviceterm.1 ./usr/share/man/man1/deviceterm-gui.1
             ./usr/share/man/man5/deviceterm-config.5
             ./usr/share/bash-completion/completions/deviceterm ./usr/share/zsh/vendor-completions/_deviceterm
             ./usr/share/fish/vendor_completions.d/deviceterm.fish)
    expect("${contents}" "${path}\n" "the package")
endforeach()
# The AppStream file names the same homepage as the control file.
string(REGEX MATCH "Homepage: [^\n]*" homepage "${control}")
string(REPLACE "Homepage: " "" homepage "${homepage}")
execute_process(COMMAND dpkg-deb --fsys-tarfile ${debs} OUTPUT_FILE ${OUT_DIR}/data.tar)
execute_process(COMMAND ${CMAKE_COMMAND} -E tar xf ${OUT_DIR}/data.tar ./usr/share/metainfo/io.github.deviceterm.metainfo.xml
                WORKING_DIRECTORY ${OUT_DIR})
file(READ ${OUT_DIR}/usr/share/metainfo/io.github.deviceterm.metainfo.xml metainfo)
expect("${metainfo}" "<url type=\"homepage\">${homepage}</url>" "the AppStream file")

# The video encoder module, where deviceterm-gui looks for it: by its path
# from the program's directory. And no run path entry of the installed
# program is empty (that would be the current directory).
execute_process(COMMAND ${CMAKE_COMMAND} -E tar xf ${OUT_DIR}/data.tar WORKING_DIRECTORY ${OUT_DIR})
if(NOT EXISTS "${OUT_DIR}/usr/bin/${MODULES_FROM_BIN}/libdeviceterm-media.so")
    message(FATAL_ERROR "no libdeviceterm-media.so at usr/bin/${MODULES_FROM_BIN}, where deviceterm-gui looks")
endif()
execute_process(COMMAND readelf -d ${OUT_DIR}/usr/bin/deviceterm-gui OUTPUT_VARIABLE dynamic)
if(dynamic MATCHES "path: \\[([^]]*)\\]")
    set(runpath "${CMAKE_MATCH_1}")
    string(REPLACE ":" ";" runpath_dirs "${runpath}")
    if(runpath MATCHES "^:|::|:$" OR runpath STREQUAL "")
        message(FATAL_ERROR "the run path (${runpath}) of the installed deviceterm-gui has an empty entry: the current directory")
    endif()
endif()

string(FIND "${contents}" "./usr/bin/deviceterm-device-shell" stray)
if(NOT stray LESS 0)
    message(FATAL_ERROR "the device shell is on PATH (usr/bin) instead of libexec")
endif()

execute_process(COMMAND dpkg-deb --ctrl-tarfile ${debs} OUTPUT_FILE ${OUT_DIR}/control.tar)
execute_process(COMMAND ${CMAKE_COMMAND} -E tar xf ${OUT_DIR}/control.tar WORKING_DIRECTORY ${OUT_DIR})
file(READ ${OUT_DIR}/postinst postinst)
expect("${postinst}" "update-alternatives --install /usr/bin/x-terminal-emulator x-terminal-emulator /usr/bin/deviceterm-gui"
       "postinst")
file(READ ${OUT_DIR}/prerm prerm)
expect("${prerm}" "update-alternatives --remove x-terminal-emulator /usr/bin/deviceterm-gui" "prerm")
file(REMOVE_RECURSE ${OUT_DIR})
message(STATUS "deb: ${debs} holds what Debian expects")
