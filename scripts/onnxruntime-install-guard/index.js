'use strict';
// Stands in for global-agent (package.json "overrides"), which onnxruntime-node requires only in
// its install script (script/install.js), and only to call bootstrap() before its first download.
//
// Why: onnxruntime-node's install script, on linux/x64 with no flag given, downloads the CUDA
// provider libraries from api.nuget.org (hundreds of MB; `npm ci` fails where that host is
// unreachable). Orator runs ONNX Runtime on the CPU, whose binaries the npm package already ships.
// npm 11 never runs that script (package.json allowScripts denies it), but npm 10 (Node 20's and
// 22's bundled npm) has no allowScripts, and the script's own switch (`onnxruntime-node-install=skip`
// in .npmrc) makes npm 11 warn on every command about an unknown project config. The script reads
// its switch from the environment after bootstrap(): setting it here keeps every npm quiet and the
// install on the registry. An operator who wants CUDA sets ONNXRUNTIME_NODE_INSTALL=cuda12 and runs
// the script by hand (docs/voices.md); that value is left alone.
exports.bootstrap = function bootstrap() {
  if (!process.env.ONNXRUNTIME_NODE_INSTALL) process.env.ONNXRUNTIME_NODE_INSTALL = 'skip';
};
