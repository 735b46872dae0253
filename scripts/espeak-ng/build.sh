#!/usr/bin/env bash
# Builds eSpeak NG for WebAssembly from Debian's source package and writes vendor/espeak-ng/:
# the module (espeak-ng.wasm), its Emscripten loader (espeak-ng.cjs), the data of the languages
# Orator speaks, eSpeak NG's licence and MANIFEST.sha256 (pinned inputs, then every output).
# CI never runs this: the outputs are committed, and test/synthesis/espeak/native-build checks
# them against the manifest.
#
#   bash scripts/espeak-ng/build.sh            # rebuild vendor/espeak-ng
#   bash scripts/espeak-ng/build.sh --check    # rebuild in a temporary folder, compare with vendor/espeak-ng
#
# Needs (Debian bookworm): apt-get install emscripten binaryen gcc g++ dpkg-dev, and a deb-src line
# for trixie (the 1.52.0 source is not in bookworm), or the three source files below placed in
# $ESPEAK_SOURCE_DIR.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# ---- pinned inputs ---------------------------------------------------------------------------
espeak_version=1.52.0
debian_version=1.52.0+dfsg-5
orig_tarball=espeak-ng_1.52.0+dfsg.orig.tar.gz
orig_sha256=d2a886bae3547a15c52801cb37e415230834a7ee7f9a57352b98d60454d97cea
debian_tarball=espeak-ng_1.52.0+dfsg-5.debian.tar.xz
debian_sha256=d253d81d2815194e2c13c1af77b6761c43db48848ca423430b4a8c416359b813
# Debian's patches applied: reproducible dictionaries (rule groups sorted by creation order, not by
# allocator address) and Klatt's out-of-bounds read of the mix wave (reads heap garbage otherwise).
debian_patches=(compile-reproducibility klatt-garbage)

emcc_version=3.1.6
clang_version=14.0.6
binaryen_version=108
gcc_version=12.2.0

# The dictionaries of the languages Orator speaks (src/synthesis/engines/espeak/languages.ts):
# a voice's dictionary is its language's first part (en-us → en, pt-br → pt, nb → no).
dictionaries=(ar bg bn cmn cs da de el en es fi fr hi hr hu id it ja ko ms nl no pa pl pt ro ru sk sv ta th tr uk vi yue)
# Extended word lists eSpeak NG ships separately (the npm build Orator used before had them too).
extended=(cmn ru yue)

# -O3 and SIMD (LLVM vectorizes the wave generator's loops); no assertions, no asyncify; the host's
# files are read through Node's fs (NODERAWFS), so eSpeak reads a dictionary only when it loads it;
# the loader installs no process-wide handlers (NODEJS_CATCH_*: the server has its own).
emcc_flags=(
  -O3 -msimd128 -fwrapv -DNDEBUG
  -sASSERTIONS=0 -sASYNCIFY=0 -sENVIRONMENT=node -sNODERAWFS=1
  -sMODULARIZE=1 -sEXPORT_NAME=createEspeakModule
  -sINITIAL_MEMORY=33554432 -sALLOW_MEMORY_GROWTH=1
  -sINVOKE_RUN=0 -sEXIT_RUNTIME=0 -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0
  "-sEXPORTED_FUNCTIONS=['_malloc','_free','_orator_initialize','_orator_set_voice','_orator_synthesize','_orator_samples','_orator_sample_count','_orator_events','_orator_event_count','_orator_text_to_phonemes','_orator_heap_top']"
)
# ----------------------------------------------------------------------------------------------

check=0
if [[ "${1:-}" == "--check" ]]; then check=1; fi

fail() { echo "build.sh: $*" >&2; exit 1; }

# Debian's emscripten runs its JavaScript tools with the system node, whose modules (acorn) live in
# /usr/share/nodejs; a node from elsewhere does not look there by itself.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

version_of() { "$@" 2>&1 | head -n 1; }
[[ "$(version_of emcc --version)" == *" $emcc_version "* ]] || fail "needs emcc $emcc_version, found: $(version_of emcc --version)"
[[ "$(version_of clang-14 --version)" == *"version $clang_version"* ]] || fail "needs clang $clang_version, found: $(version_of clang-14 --version)"
[[ "$(version_of wasm-opt --version)" == *"version $binaryen_version"* ]] || fail "needs binaryen $binaryen_version, found: $(version_of wasm-opt --version)"
[[ "$(gcc -dumpfullversion)" == "$gcc_version" ]] || fail "needs gcc $gcc_version (compiles the data), found: $(gcc -dumpfullversion)"
[[ "$(node -p 'require("acorn").version' 2>&1)" == "8.8.1" ]] || fail "needs Debian's node-acorn 8.8.1 (emscripten's JavaScript optimizer)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="$root/vendor/espeak-ng"
if [[ $check == 1 ]]; then out="$work/vendor"; fi

# ---- source ----------------------------------------------------------------------------------
sources="${ESPEAK_SOURCE_DIR:-$work/source}"
mkdir -p "$sources"
if [[ ! -f "$sources/$orig_tarball" || ! -f "$sources/$debian_tarball" ]]; then
  (cd "$sources" && apt-get source --download-only "espeak-ng=$debian_version")
fi
echo "$orig_sha256  $sources/$orig_tarball" | sha256sum --check --quiet || fail "$orig_tarball checksum mismatch"
echo "$debian_sha256  $sources/$debian_tarball" | sha256sum --check --quiet || fail "$debian_tarball checksum mismatch"

src="$work/source-tree"
mkdir -p "$src"
tar -xzf "$sources/$orig_tarball" -C "$src" --strip-components=1
tar -xJf "$sources/$debian_tarball" -C "$work"
for patch in "${debian_patches[@]}"; do patch -s -p1 -d "$src" < "$work/debian/patches/$patch"; done

cat > "$work/config.h" <<CONFIG
#define HAVE_MKSTEMP 1
#define USE_ASYNC 0
#define USE_KLATT 1
#define USE_LIBPCAUDIO 0
#define USE_LIBSONIC 0
#define USE_MBROLA 0
#define USE_SPEECHPLAYER 1
#define PACKAGE_VERSION "$espeak_version"
CONFIG

library=(common mnemonics error ieee80 compiledata compiledict dictionary encoding intonation langopts
  numbers phoneme phonemelist readclause setlengths soundicon spect ssml synthdata synthesize tr_languages
  translate translateword voices wavegen speech espeak_api klatt sPlayer)
ucd=(case categories ctype proplist scripts tostring)
player=(frame speechPlayer speechWaveGenerator)
includes=(-I"$work" -Isrc/include -Isrc/include/compat -Isrc/ucd-tools/src/include -Isrc/speechPlayer/include -Isrc/speechPlayer/src)

# Compiles the library with compiler $1/$2 (C/C++) and flags $3..., objects into $work/$tag.
compile_library() {
  local tag=$1 cc=$2 cxx=$3; shift 3
  mkdir -p "$work/$tag"
  (
    cd "$src"
    for f in "${library[@]}"; do
      "$cc" "$@" -fvisibility=hidden -DLIBESPEAK_NG_EXPORT=1 -DPATH_ESPEAK_DATA='"/nonexistent"' "${includes[@]}" -w -c "src/libespeak-ng/$f.c" -o "$work/$tag/$f.o"
    done
    for f in "${ucd[@]}"; do "$cc" "$@" -Isrc/ucd-tools/src/include -w -c "src/ucd-tools/src/$f.c" -o "$work/$tag/ucd-$f.o"; done
    for f in "${player[@]}"; do "$cxx" "$@" -Isrc/speechPlayer/include -w -c "src/speechPlayer/src/$f.cpp" -o "$work/$tag/player-$f.o"; done
  )
}

# ---- data, compiled by the same source built natively ----------------------------------------
compile_library native gcc g++ -O2 -fwrapv
(cd "$src" && gcc -O2 "${includes[@]}" -w -c src/espeak-ng.c -o "$work/native/main.o")
g++ -o "$work/espeak-ng" "$work"/native/*.o -lm

data="$work/data"
mkdir -p "$data/espeak-ng-data/voices"
cp -r "$src/espeak-ng-data/lang" "$data/espeak-ng-data/"
cp -r "$src/espeak-ng-data/voices/!v" "$data/espeak-ng-data/voices/"
cp -r "$src/phsource" "$src/dictsource" "$data/"
for name in "${extended[@]}"; do cp "$src/dictsource/extra/${name}_listx" "$data/dictsource/"; done
(cd "$data/phsource" && ESPEAK_DATA_PATH="$data" "$work/espeak-ng" --compile-intonations > /dev/null && ESPEAK_DATA_PATH="$data" "$work/espeak-ng" --compile-phonemes > "$work/phonemes.log")
for name in "${dictionaries[@]}"; do
  (cd "$data/dictsource" && ESPEAK_DATA_PATH="$data" "$work/espeak-ng" --compile="$name" > "$work/dict-$name.log" 2>&1) || fail "dictionary $name: $(cat "$work/dict-$name.log")"
done

# ---- WebAssembly -----------------------------------------------------------------------------
compile_library wasm emcc em++ -O3 -msimd128 -fwrapv -DNDEBUG
(cd "$here" && emcc -O3 -msimd128 -DNDEBUG -I"$src/src/include" -c orator-espeak.c -o "$work/wasm/orator-espeak.o")
em++ "${emcc_flags[@]}" "$work"/wasm/*.o -o "$work/espeak-ng.cjs"

# ---- outputs ---------------------------------------------------------------------------------
rm -rf "$out"
mkdir -p "$out/espeak-ng-data"
cp "$work/espeak-ng.cjs" "$work/espeak-ng.wasm" "$out/"
cp "$src/COPYING" "$out/COPYING"
for file in phondata phonindex phontab intonations; do cp "$data/espeak-ng-data/$file" "$out/espeak-ng-data/"; done
cp -r "$data/espeak-ng-data/lang" "$data/espeak-ng-data/voices" "$out/espeak-ng-data/"
for name in "${dictionaries[@]}"; do cp "$data/espeak-ng-data/${name}_dict" "$out/espeak-ng-data/"; done
cp "$here/README.vendor.md" "$out/README.md"

{
  echo "# eSpeak NG $espeak_version for Orator: inputs (pinned) and outputs (sha256)."
  echo "# Regenerate with: bash scripts/espeak-ng/build.sh"
  echo "input $orig_sha256 $orig_tarball"
  echo "input $debian_sha256 $debian_tarball"
  echo "input $(sha256sum < "$here/build.sh" | cut -d' ' -f1) scripts/espeak-ng/build.sh"
  echo "input $(sha256sum < "$here/orator-espeak.c" | cut -d' ' -f1) scripts/espeak-ng/orator-espeak.c"
  echo "toolchain emcc $emcc_version, clang $clang_version, binaryen $binaryen_version, gcc $gcc_version"
  (cd "$out" && find . -type f ! -name MANIFEST.sha256 -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sed 's,  \./,  ,; s/^/output /')
} > "$out/MANIFEST.sha256"

if [[ $check == 1 ]]; then
  diff <(grep -v '^#' "$root/vendor/espeak-ng/MANIFEST.sha256") <(grep -v '^#' "$out/MANIFEST.sha256") \
    && echo "vendor/espeak-ng matches a fresh build" || fail "vendor/espeak-ng differs from a fresh build (see above)"
else
  echo "wrote $out ($(du -sh "$out" | cut -f1))"
fi
