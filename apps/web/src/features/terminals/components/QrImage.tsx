import { Image } from '@mantine/core';

/**
 * A QR image of the server's (a data URL), dark on white in both themes: a phone's camera reads it best that way.
 */
export function QrImage({ src, alt, size }: { src: string; alt: string; size: number }) {
  return (
    <Image
      src={src}
      alt={alt}
      w={size}
      h={size}
      bg="white"
      p={8}
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    />
  );
}
