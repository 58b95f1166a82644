# Shared by run.sh, test.sh and bench.sh: install what is missing, build.
# Sourced, not executed.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS="${JOBS:-2}"

BUILD_PACKAGES=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-base-dev-tools qt6-tools-dev
    qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev lld libvterm-dev nlohmann-json3-dev libgl-dev
    libssl-dev libxcb1-dev libxcb-damage0-dev libxcb-xtest0-dev libxcb-randr0-dev liblo-dev
    libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libyaml-cpp-dev libglib2.0-dev)
RUN_PACKAGES=(libqt6svg6 libssl3 liblo7 qt6-qpa-plugins qt6-translations-l10n dbus-daemon at-spi2-core fonts-dejavu-core xvfb xauth imagemagick x11-utils)
TEST_PACKAGES=(libgtest-dev dpkg-dev xdotool vim less htop tmux mc python3 procps zsh fish qt6ct weston qt6-wayland)

# Each step with the seconds since the script started (CI has a time budget).
log() { printf '\033[1m==> [%ds] %s\033[0m\n' "$SECONDS" "$*" >&2; }

# Installs the Debian packages that are not installed yet; does nothing (and
# touches no network) when everything is present.
install_missing() {
    local missing=()
    local pkg
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$pkg")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return 0
    fi
    log "installing: ${missing[*]}"
    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# configure_and_build DIR [cmake args…]: an incremental build in DIR.
configure_and_build() {
    local dir="$1"
    shift
    if [[ ! -f "$dir/build.ninja" ]]; then
        log "configuring $dir"
        cmake -S "$ROOT" -B "$dir" -G Ninja "$@"
    fi
    log "building $dir"
    cmake --build "$dir" -j "$JOBS"
}
