# deviceterm's shell integration for zsh. deviceterm starts zsh with
# ZDOTDIR pointing here; this puts the user's ZDOTDIR back at once, reads
# the user's own .zshenv, and (for interactive shells) loads the
# integration, which installs itself at the first prompt, after .zshrc.

if [[ -n "${DEVICETERM_ZDOTDIR+x}" ]]; then
    ZDOTDIR="$DEVICETERM_ZDOTDIR"
    unset DEVICETERM_ZDOTDIR
else
    unset ZDOTDIR
fi

{
    __dt_dir="${${(%):-%x}:A:h}"
    [[ -r "${ZDOTDIR:-$HOME}/.zshenv" ]] && builtin source "${ZDOTDIR:-$HOME}/.zshenv"
} always {
    if [[ -o interactive && -r "$__dt_dir/deviceterm-integration.zsh" ]]; then
        builtin source "$__dt_dir/deviceterm-integration.zsh"
    fi
    unset __dt_dir
}
