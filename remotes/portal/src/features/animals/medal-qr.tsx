import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { ANIMALS_COPY } from './copy.ts';
import { medalQrFiles } from './medal-qr-files.ts';

const text = ANIMALS_COPY.medal;

/** The medal's QR code with its code under it, shown and downloadable as PNG and SVG. */
export function MedalQr({ code }: { code: string }) {
  const [files, setFiles] = useState<{ svg: string; png: string } | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    const made: string[] = [];
    medalQrFiles(code).then(
      ({ svg, png }) => {
        made.push(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), URL.createObjectURL(png));
        if (current) setFiles({ svg: made[0] ?? '', png: made[1] ?? '' });
      },
      () => current && setFiles('failed'),
    );
    return () => {
      current = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [code]);

  if (files === 'failed') {
    return (
      <Text as="p" size="2" color="red" role="alert" mt="3">
        {text.qrFailed}
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="2" mt="4">
      <Text as="p" size="2" weight="medium">
        {text.qrTitle}
      </Text>
      <div className="portal-medal-qr">{files ? <img src={files.svg} alt={text.qrAlt(code)} /> : null}</div>
      <Text as="p" size="1" color="gray">
        {text.qrHint}
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button asChild variant="soft" disabled={!files}>
          <a href={files?.png} download={`${code}.png`}>
            {text.downloadPng}
          </a>
        </Button>
        <Button asChild variant="soft" disabled={!files}>
          <a href={files?.svg} download={`${code}.svg`}>
            {text.downloadSvg}
          </a>
        </Button>
      </Flex>
    </Flex>
  );
}
