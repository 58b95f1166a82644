#!/usr/bin/env bash
# Installs what is missing, builds a release and makes a Debian package with
# CMake's CPack; prints how to install it.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

install_missing "${BUILD_PACKAGES[@]}" dpkg-dev
configure_and_build "$ROOT/build-package" -DCMAKE_BUILD_TYPE=Release -DDEVICETERM_TESTS=OFF -DDEVICETERM_BENCH=OFF
log "packaging"
(cd "$ROOT/build-package" && cpack -G DEB)
deb=$(ls "$ROOT"/build-package/deviceterm_*.deb)
log "built $deb"
echo "install it with: apt install $deb"
