#!/bin/sh
# deps/check.sh [-i] [-v] NEED...: are the packages of deps/debian-packages
# that NEED (build, check, bench, fuzz, mail) names all present?  Silent,
# and exit 0, when they are (quick: a command -v each, one pkg-config).
# Otherwise, with -i on Debian as root (or through sudo, when it can ask
# or needs no password), it says what it installs and installs it with
# apt-get; else it says on one line the command to run, and exits 1.
# -v: say so when nothing is missing (make deps).
# From the Makefile: CC, PKG_CONFIG, APT_GET (apt-get) and SUDO (sudo).
install=0 verbose=0
while [ $# -gt 0 ]; do
	case $1 in
	-i) install=1 ;;
	-v) verbose=1 ;;
	*) break ;;
	esac
	shift
done
list=$(dirname "$0")/debian-packages
: "${CC:=cc}" "${PKG_CONFIG:=pkg-config}" "${APT_GET:=apt-get}"
: "${SUDO:=sudo}"
need=" $* "

# the lines of the list that NEED names: "package need found"
wanted() {
	while read -r pkg for how; do
		case $pkg in '#'*|'') continue ;; esac
		case $need in *" $for "*) echo "$pkg $how" ;; esac
	done <"$list"
}

# missing: the packages wanted and not found, and what was not found
# ($what), pkg-config asked once for every module
missing() {
	pkgs="" what="" mods=""
	pc=0
	command -v "$PKG_CONFIG" >/dev/null 2>&1 && pc=1
	for m in $(wanted | sed -n 's/^[^ ]* pc://p'); do
		mods="$mods $m"
	done
	all=1
	# shellcheck disable=SC2086
	[ -n "$mods" ] && { [ "$pc" -eq 1 ] &&
	    "$PKG_CONFIG" --exists $mods 2>/dev/null || all=0; }
	lines=$(wanted)
	while read -r pkg how; do
		[ -n "$pkg" ] || continue
		case $how in
		cc) command -v "$CC" >/dev/null 2>&1 ;;
		pkg-config) [ "$pc" -eq 1 ] ;;
		cmd:*) command -v "${how#cmd:}" >/dev/null 2>&1 ;;
		pc:*) [ "$all" -eq 1 ] || { [ "$pc" -eq 1 ] &&
		    "$PKG_CONFIG" --exists "${how#pc:}" 2>/dev/null; } ;;
		# Debian's python3-* serve /usr/bin/python3, which the
		# python3 on the PATH may not be
		py:*) python3 -c "import ${how#py:}" >/dev/null 2>&1 ||
		    /usr/bin/python3 -c "import ${how#py:}" >/dev/null 2>&1 ;;
		esac && continue
		pkgs="$pkgs $pkg"
		case $how in
		cc) what="$what $CC" ;;
		pkg-config) what="$what $PKG_CONFIG" ;;
		py:*) what="$what python3-${how#py:}" ;;
		*) what="$what ${how#*:}" ;;
		esac
	done <<EOF
$lines
EOF
	pkgs=${pkgs# } what=${what# }
}

# how: the way to be root for apt-get ("" when root), or exit 1 if none
as_root() {
	[ "$(id -u)" = 0 ] && { root=""; return 0; }
	command -v "$SUDO" >/dev/null 2>&1 || return 1
	root=$SUDO
	# sudo asks for a password on the terminal, or needs none
	[ -t 0 ] || "$SUDO" -n true >/dev/null 2>&1
}

# the one line: what is missing and the command that installs it
stop() {
	if command -v "$APT_GET" >/dev/null 2>&1; then
		if [ "$(id -u)" != 0 ] &&
		    command -v "$SUDO" >/dev/null 2>&1; then
			cmd="$SUDO make deps"
		else
			cmd="make deps (as root)"
		fi
	else
		cmd=$(other)
	fi
	echo "deps: missing $what; run: $cmd" >&2
	exit 1
}

# not Debian: the command of another system's package manager that
# installs what the build needs, or what to install
other() {
	while read -r tool cmd; do
		command -v "$tool" >/dev/null 2>&1 && { echo "$cmd"; return; }
	done <<EOF
dnf sudo dnf install gcc make pkgconf libsodium-devel libyaml-devel
zypper sudo zypper install gcc make pkg-config libsodium-devel libyaml-devel
pacman sudo pacman -S base-devel pkgconf libsodium libyaml
apk apk add build-base pkgconf libsodium-dev yaml-dev
brew brew install pkg-config libsodium libyaml
pkg pkg install pkgconf libsodium libyaml
EOF
	echo "install $what (with its development files), then make again"
}

missing
if [ -z "$pkgs" ]; then
	[ "$verbose" -eq 1 ] && echo "deps: every package for $* is here" >&2
	exit 0
fi
[ "$install" -eq 1 ] && command -v "$APT_GET" >/dev/null 2>&1 && as_root ||
    stop
echo "deps: installing $pkgs (missing $what), with ${root:+$root }$APT_GET" >&2
# shellcheck disable=SC2086
$root "$APT_GET" update </dev/null >&2 &&
    $root "$APT_GET" install -y --no-install-recommends $pkgs >&2 || {
	echo "deps: $APT_GET install $pkgs failed" >&2
	exit 1
}
missing
[ -z "$pkgs" ] && exit 0
echo "deps: still missing after $APT_GET: $what" >&2
exit 1
