# Shared by scripts/notebooks, scripts/classroom and scripts/tests (sourced, not run): make or
# reuse the project's own virtual environment, .venv, install the package into it, and find the
# browser the browser tests drive.
#
# Why a virtual environment: Debian's and Ubuntu's own Python refuses `pip install`
# ("externally-managed-environment"), and pip into any shared Python would upgrade packages that
# other programs rely on. Everything here goes into .venv, which only this project uses.
#
# Environment: SIEGE_NB_BROWSER=skip runs the tests without the browser tests (refused in CI);
# PYTHON names the interpreter to build .venv from (default: the first python3,
# python3.13 ... python3.10 on PATH that is 3.10 or newer).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# tests/browser/lab.py drives this browser; Playwright's own browser download is never used.
# SIEGE_NB_CHROMIUM names another Chromium (lab.py reads it too); it is then not installed.
CHROMIUM=/usr/bin/chromium
if [ -n "${SIEGE_NB_CHROMIUM:-}" ]; then
    CHROMIUM="$(command -v "$SIEGE_NB_CHROMIUM" || printf '%s' "$SIEGE_NB_CHROMIUM")"
fi
export PIP_DISABLE_PIP_VERSION_CHECK=1

say() { printf 'siege_nb: %s\n' "$*" >&2; }
die() {
    say "$*"
    exit 1
}
is_root() { [ "$(id -u)" -eq 0 ]; }
in_ci() { [ -n "${CI:-}" ] && [ "${CI:-}" != false ] && [ "${CI:-}" != 0 ]; }
can_apt() { is_root && command -v apt-get > /dev/null; }

apt_install() {
    say "installing $* with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" > /dev/null
}

find_python() {
    local name
    for name in ${PYTHON:-python3 python3.13 python3.12 python3.11 python3.10}; do
        if command -v "$name" > /dev/null &&
            "$name" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2> /dev/null; then
            command -v "$name"
            return
        fi
    done
    die "needs Python 3.10 or newer as python3 (Debian/Ubuntu: sudo apt-get install python3 python3-venv)"
}

# Make .venv unless a working one is there already.
make_venv() {
    if "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2> /dev/null; then
        return
    fi
    local python version package
    python="$(find_python)"
    if [ -e "$VENV" ]; then
        # For example a .venv copied from another machine, or made by a Python since removed.
        say "$VENV does not run here; making it again"
    fi
    # Debian and Ubuntu ship the venv module (with ensurepip) as a package of its own.
    if ! "$python" -c 'import ensurepip, venv' 2> /dev/null; then
        version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
        package="python$version-venv"
        if can_apt; then
            apt_install "$package"
        elif command -v apt-get > /dev/null; then
            die "$python cannot make a virtual environment: run 'sudo apt-get install $package', then this command again"
        else
            die "$python cannot make a virtual environment (no venv module): install it, or use conda (see README.md)"
        fi
    fi
    say "making the virtual environment $VENV with $python"
    "$python" -m venv --clear "$VENV"
}

# Install the package (editable) with one extra into .venv. A stamp records what was installed
# for which pyproject.toml, so that later runs skip pip when nothing changed; the code itself
# needs no reinstall, being installed in place.
install_project() {
    local extra=$1 stamp="$VENV/siege_nb-installed" key
    key="$(sha256sum < "$ROOT/pyproject.toml" | cut -d' ' -f1) $ROOT"
    if [ -f "$stamp" ] && [ "$(head -n 1 "$stamp")" = "$key" ] &&
        tail -n +2 "$stamp" | grep -qx "$extra"; then
        return
    fi
    say "installing siege_nb[$extra] and its dependencies into $VENV (the first time takes a few minutes)"
    "$VENV/bin/python" -m pip install --quiet -e "${ROOT}[$extra]"
    if [ -f "$stamp" ] && [ "$(head -n 1 "$stamp")" = "$key" ]; then
        echo "$extra" >> "$stamp"
    else
        printf '%s\n%s\n' "$key" "$extra" > "$stamp"
    fi
}

# The browser tests need Chromium, and Playwright's driver needs libatomic (a minimal Debian
# lacks it). As root they are installed here; otherwise a missing one is an error, unless the
# reader opts out with SIEGE_NB_BROWSER=skip (never in CI), in which case
# tests/browser/conftest.py skips those tests and says so.
have_libatomic() {
    # ldconfig lives in /sbin, which is not on a normal user's PATH on Debian.
    local ldconfig
    ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)
    "$ldconfig" -p 2> /dev/null | grep -q 'libatomic\.so\.1'
}

browser_packages() {
    [ -x "$CHROMIUM" ] || echo chromium
    have_libatomic || echo libatomic1
    # JupyterHub's proxy, for the test that runs the classroom hub recipe.
    command -v configurable-http-proxy > /dev/null || echo node-configurable-http-proxy
}

need_chromium() {
    local opt_out=${SIEGE_NB_BROWSER:-}
    if in_ci && [ "$opt_out" = skip ]; then
        die "SIEGE_NB_BROWSER=skip is not allowed in CI: the browser tests must run there"
    fi
    local missing
    missing=$(browser_packages | tr '\n' ' ')
    missing=${missing% }
    if [ -z "$missing" ]; then
        return
    fi
    if [ "$opt_out" = skip ]; then
        say "SIEGE_NB_BROWSER=skip: the browser tests will be skipped (missing: $missing)"
        return
    fi
    if can_apt; then
        # shellcheck disable=SC2086 # one word per package
        apt_install $missing
        [ -x "$CHROMIUM" ] && have_libatomic && return
        # Ubuntu's apt installs Chromium as a snap, elsewhere.
        die "apt-get installed $missing, but $CHROMIUM or libatomic is still missing (on Ubuntu: run the browser tests on Debian, or set SIEGE_NB_BROWSER=skip)"
    fi
    die "the browser tests need $missing: run 'sudo apt-get install $missing' (or set SIEGE_NB_BROWSER=skip to run the other tests)"
}
