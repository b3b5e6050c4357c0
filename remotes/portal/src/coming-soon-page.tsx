import { PageFrame } from '@medaille/design-system';
import { Button, Text } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import { COPY } from './copy.ts';

/** Owner pages not built yet (activation, registration, callback, edit) say so plainly. */
export function ComingSoonPage() {
  return (
    <PageFrame title={COPY.comingSoon.title}>
      <Text as="p" mb="4">
        {COPY.comingSoon.text}
      </Text>
      <Button asChild>
        <Link to="/mon-compte">{COPY.comingSoon.back}</Link>
      </Button>
    </PageFrame>
  );
}
