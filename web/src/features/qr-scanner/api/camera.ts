import { loadDecoder } from './decoder';

/** What the open camera offers: a torch where the track has one, and the cameras to choose from. */
export interface CameraControls {
  /** null when this camera has no torch. */
  setTorch: ((on: boolean) => Promise<void>) | null;
  cameras: { deviceId: string; label: string }[];
  deviceId: string | undefined;
}

interface CameraOptions {
  /** A camera picked by staff; otherwise the rear camera. */
  deviceId?: string;
  onControls?: (controls: CameraControls) => void;
  /**
   * While this answers true no frame is decoded (the video keeps playing): door mode pauses while
   * a check is on its way and its verdict covers the camera, so the answer is not kept waiting
   * behind a decode on the main thread.
   */
  paused?: () => boolean;
}

/**
 * Starts the camera in the element with this id and reports each decoded text; resolves with a
 * stop function, rejects when the camera cannot be opened. The dialog takes it as a parameter so
 * tests can drive scans without a camera.
 */
export type StartCamera = (
  elementId: string,
  onDecoded: (text: string) => void,
  options?: CameraOptions,
) => Promise<() => Promise<void>>;

/**
 * The part of each frame that is decoded: a centred square of 85% of the shorter side, so a code
 * filling anything from about a quarter to three quarters of the frame height is read (a phone
 * held close or at arm's length). The decoded square is scaled down to at most 720 px.
 */
const SCAN_REGION = 0.85;
const MAX_DECODE_PX = 720;
/** A pause between decodes: about 8 frames a second, leaving the phone's CPU for the video. */
const FRAME_GAP_MS = 120;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listCameras(): Promise<CameraControls['cameras']> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices
      .filter((device) => device.kind === 'videoinput' && device.deviceId)
      .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Camera ${index + 1}` }));
  } catch {
    return [];
  }
}

export const startDecodingCamera: StartCamera = async (elementId, onDecoded, options = {}) => {
  const container = document.getElementById(elementId);
  if (!container) throw new Error('The camera view is not on the page');
  // The decoder loads while the browser asks for camera permission.
  const decoder = loadDecoder();
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: options.deviceId
      ? { deviceId: { exact: options.deviceId } }
      : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
  let stopped = false;
  const stop = async () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    container.replaceChildren();
  };
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.setAttribute('playsinline', '');
    video.className = 'block h-auto w-full';
    video.srcObject = stream;
    // The square that is read, drawn over the video so staff know where to hold the code.
    const frame = document.createElement('div');
    frame.setAttribute('aria-hidden', 'true');
    frame.className =
      'pointer-events-none absolute left-1/2 top-1/2 aspect-square -translate-x-1/2 -translate-y-1/2 rounded-lg border-2 border-gold/80';
    frame.style.height = `${SCAN_REGION * 100}%`;
    container.replaceChildren(video, frame);
    await video.play();
    const { decode } = await decoder;

    const track = stream.getVideoTracks()[0];
    const capabilities = (track?.getCapabilities?.() ?? {}) as MediaTrackCapabilities & { torch?: boolean };
    options.onControls?.({
      setTorch: capabilities.torch
        ? (on) => track!.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
        : null,
      cameras: await listCameras(),
      deviceId: track?.getSettings().deviceId,
    });

    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas');
    void (async () => {
      while (!stopped) {
        if (!options.paused?.() && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
          const side = Math.floor(Math.min(video.videoWidth, video.videoHeight) * SCAN_REGION);
          const size = Math.min(side, MAX_DECODE_PX);
          if (canvas.width !== size) canvas.width = canvas.height = size;
          context.drawImage(video, (video.videoWidth - side) / 2, (video.videoHeight - side) / 2, side, side, 0, 0, size, size);
          const text = await decode(context.getImageData(0, 0, size, size)).catch(() => null);
          if (text && !stopped) onDecoded(text);
        }
        await sleep(FRAME_GAP_MS);
      }
    })();
    return stop;
  } catch (error) {
    await stop();
    throw error;
  }
};
