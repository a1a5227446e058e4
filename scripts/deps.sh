# Sourced by run.sh and test.sh: installs what is missing, and only that.
# Debian packages come through apt-get (with sudo when not root); Go tools
# through the module proxy at pinned versions.

apt_install() {
  local missing=()
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The libraries ebiten v2.10 loads at run time (it needs no cgo or -dev packages).
RUNTIME_PKGS=(libgl1 libgl1-mesa-dri libx11-6 libxcursor1 libxext6 libxi6 libxinerama1 libxrandr2 libxrender1)

go_tool() { # name module@version
  local bin
  bin="$(go env GOPATH)/bin/$1"
  if [ ! -x "$bin" ] || ! go version -m "$bin" 2>/dev/null | grep -q "${2#*@}"; then
    echo "installing $2" >&2
    go install "$2"
  fi
  echo "$bin"
}
