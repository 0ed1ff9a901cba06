// @ts-check
// QR codes for invites and answers: drawn with qrcode-generator, read with the browser's BarcodeDetector where it
// has one and otherwise with the barcode-detector ponyfill (ZXing compiled to WebAssembly). Both libraries are
// pinned in package.json and copied into web/vendor/ by build.sh; index.html's import map names them, and they
// are imported only when a code is first drawn or read. The ponyfill's WebAssembly is fetched from this site,
// never from a CDN (docs/multi-device.md, "Connecting devices").

import { LinkError } from "./sdp.js";

/** Where the ponyfill's ZXing reader (zxing_reader.wasm) is: beside the vendored libraries, on this origin. */
const ZXING = new URL("../vendor/zxing-wasm/", import.meta.url);

/**
 * Draw `text` as a QR code on `canvas`, crisp (a whole number of device pixels per module) with a quiet zone of
 * four modules, at about `size` CSS pixels: at the default 288, a phone at arm's length reads an invite link
 * (about 200 characters, a 45-module code) from a screen. Error correction M (15 %) by default.
 * @param {HTMLCanvasElement} canvas
 * @param {string} text
 * @param {{size?: number, level?: "L" | "M" | "Q" | "H"}} [options]
 * @returns {Promise<{modules: number, pixels: number}>}  the code's modules per side (without the quiet zone),
 *   and the canvas's device pixels per module
 */
export async function drawQR(canvas, text, { size = 288, level = "M" } = {}) {
  const { default: qrcode } = await import("qrcode-generator");
  const code = qrcode(0, level);  // 0: the smallest version that holds the text
  code.addData(text, "Byte");
  code.make();
  const modules = code.getModuleCount();
  const side = modules + 8;
  const ratio = window.devicePixelRatio || 1;
  const pixels = Math.max(2, Math.floor((size * ratio) / side));
  canvas.width = canvas.height = side * pixels;
  canvas.style.width = canvas.style.height = `${(side * pixels) / ratio}px`;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("the canvas has no 2d context");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  for (let row = 0; row < modules; row += 1) {
    for (let column = 0; column < modules; column += 1) {
      if (code.isDark(row, column)) context.fillRect((column + 4) * pixels, (row + 4) * pixels, pixels, pixels);
    }
  }
  canvas.dataset.qr = text;
  return { modules, pixels };
}

/** @typedef {{detect(image: ImageBitmapSource | HTMLVideoElement | HTMLCanvasElement): Promise<{rawValue: string, format: string}[]>}} Detector */
/** @type {Promise<Detector> | null} */
let detector = null;

/**
 * The browser's own BarcodeDetector where it reads QR codes, otherwise the ponyfill with its WebAssembly from
 * this site. Made once.
 * @returns {Promise<Detector>}
 */
export function qrDetector() {
  detector ??= (async () => {
    const native = /** @type {any} */ (globalThis).BarcodeDetector;
    if (typeof native === "function" && (await native.getSupportedFormats()).includes("qr_code")) {
      return new native({ formats: ["qr_code"] });
    }
    const ponyfill = await import("barcode-detector/ponyfill");
    ponyfill.setZXingModuleOverrides({
      locateFile: (/** @type {string} */ path, /** @type {string} */ prefix) => (path.endsWith(".wasm")
        ? new URL(`reader/${path}`, ZXING).href : prefix + path),
    });
    return new ponyfill.BarcodeDetector({ formats: ["qr_code"] });
  })();
  detector.catch(() => { detector = null; });
  return detector;
}

/**
 * The text of the first QR code in an image (a canvas, an image, a video frame, a Blob, ImageData), or null if
 * there is none.
 * @param {ImageBitmapSource | HTMLVideoElement | HTMLCanvasElement} image
 * @returns {Promise<string | null>}
 */
export async function decodeQR(image) {
  const found = await (await qrDetector()).detect(image);
  const code = found.find((barcode) => barcode.format === "qr_code");
  return code ? code.rawValue : null;
}

/**
 * A camera scan in progress: `result` resolves with the first code's text, or null once stopped; `stop()` ends
 * the scan and turns the camera off.
 * @typedef {{result: Promise<string | null>, stop: () => void}} Scan
 */

/**
 * Show the camera in `video` and read QR codes from it, every `intervalMs`, until one is found (then the camera
 * is turned off) or `stop()`. `stream` may give the images instead of the camera (a canvas's captureStream).
 * Throws a LinkError: net.no_camera where there is no camera or no getUserMedia, net.camera_denied when the
 * person (or the browser) refuses it.
 * @param {HTMLVideoElement} video
 * @param {{intervalMs?: number, stream?: MediaStream}} [options]
 * @returns {Promise<Scan>}
 */
export async function scanQR(video, { intervalMs = 200, stream } = {}) {
  const reader = qrDetector();  // the reader loads while the camera starts
  let source = stream;
  if (!source) {
    if (!navigator.mediaDevices?.getUserMedia) throw new LinkError("net.no_camera", "this browser has no getUserMedia");
    try {
      source = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      const denied = error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");
      throw new LinkError(denied ? "net.camera_denied" : "net.no_camera", `the camera: ${error}`);
    }
  }
  const own = !stream;
  video.muted = true;
  video.playsInline = true;
  video.srcObject = source;
  // not awaited: play() waits for the first frame, and the loop below waits for frames anyway
  video.play().catch((error) => console.warn("the camera's video does not play:", error));
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {(text: string | null) => void} */
  let finish = () => {};
  const result = new Promise((resolve) => { finish = resolve; });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    video.pause();
    video.srcObject = null;
    if (own) source.getTracks().forEach((track) => track.stop());
    finish(null);
  };
  const look = async () => {
    if (stopped) return;
    let text = null;
    if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      const found = await (await reader).detect(video);
      text = found.find((barcode) => barcode.format === "qr_code")?.rawValue ?? null;
    }
    if (stopped) return;
    if (text !== null) {
      finish(text);
      stop();
    } else {
      timer = setTimeout(look, intervalMs);
    }
  };
  look().catch((error) => {
    console.warn("QR scan stopped:", error);
    stop();
  });
  return { result, stop };
}
