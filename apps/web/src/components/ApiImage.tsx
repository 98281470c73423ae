import { FileImageOutlined, WarningOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { requestBlob } from '../api/http';

export interface ObjectUrlState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** an object URL of the loaded file (only while `ready`) */
  url: string | null;
}

const IDLE: ObjectUrlState = { status: 'idle', url: null };

/**
 * An image the API serves behind the bearer token (a glucose event item's icon, `iconUrl`): fetched
 * through the HTTP client (base URL, token, language, timeout), shown via an object URL that is
 * revoked when the path changes or the component goes. `type` re-labels the blob (SVG must be
 * `image/svg+xml` for an `<img>` to draw it). Markup is never put into the page: an `<img>` renders
 * SVG without running anything in it.
 */
export function useApiObjectUrl(path: string | null | undefined, type?: string): ObjectUrlState {
  const [state, setState] = useState<ObjectUrlState>(path ? { status: 'loading', url: null } : IDLE);
  useEffect(() => {
    if (!path) {
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    let live = true;
    setState({ status: 'loading', url: null });
    requestBlob(path, { signal: controller.signal, accept: type })
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(type && blob.type !== type ? new Blob([blob], { type }) : blob);
        setState({ status: 'ready', url });
      })
      .catch(() => {
        if (live) setState({ status: 'error', url: null });
      });
    return () => {
      live = false;
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, type]);
  return state;
}

/** An object URL of text held in memory (an SVG file just chosen, not yet saved); revoked likewise. */
export function useTextObjectUrl(text: string | null | undefined, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(new Blob([text], { type }));
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [text, type]);
  return url;
}

export const SVG_TYPE = 'image/svg+xml';

interface FramedImageProps {
  alt: string;
  size?: number;
  testId?: string;
}

/** The frame every preview shares: a fixed square, the image fitted inside. */
function Frame({
  size,
  testId,
  status,
  children,
}: {
  size: number;
  testId?: string;
  status: string;
  children: ReactNode;
}) {
  return (
    <span
      className="gc-image-frame"
      style={{ width: size, height: size }}
      data-testid={testId}
      data-status={status}
    >
      {children}
    </span>
  );
}

/** An image from the API (see {@link useApiObjectUrl}) with loading, missing and failed states. */
export function ApiImage({
  path,
  alt,
  size = 32,
  testId,
  type = SVG_TYPE,
}: FramedImageProps & { path: string | null | undefined; type?: string }) {
  const { status, url } = useApiObjectUrl(path, type);
  return (
    <Frame size={size} testId={testId} status={status}>
      {status === 'ready' && url ? (
        <img src={url} alt={alt} width={size} height={size} />
      ) : status === 'loading' ? (
        <Spin size="small" />
      ) : status === 'error' ? (
        <WarningOutlined className="gc-image-failed" aria-label={alt} />
      ) : (
        <FileImageOutlined className="gc-image-none" aria-label={alt} />
      )}
    </Frame>
  );
}

/** Text (an SVG file's content) previewed as an image, without putting it into the page. */
export function TextImage({ text, alt, size = 48, testId }: FramedImageProps & { text: string }) {
  const url = useTextObjectUrl(text, SVG_TYPE);
  return (
    <Frame size={size} testId={testId} status={url ? 'ready' : 'loading'}>
      {url ? <img src={url} alt={alt} width={size} height={size} /> : null}
    </Frame>
  );
}
