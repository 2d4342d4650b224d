/**
 * Reads QR codes from a video: the platform's BarcodeDetector where there is one, else jsQR, loaded
 * only then (it is the one decoder shipped with the app, in a chunk of its own).
 */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The text of a QR code in the video's current frame, or null when there is none. */
type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

async function platformReader(Detector: BarcodeDetectorClass): Promise<QrReader> {
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

async function jsQrReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height)?.data ?? null;
  };
}

export async function createQrReader(): Promise<QrReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      return await platformReader(Detector);
    } catch {
      // A detector without QR codes (some desktop builds): the shipped decoder reads them.
    }
  }
  return jsQrReader();
}
