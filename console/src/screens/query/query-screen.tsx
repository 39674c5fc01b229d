import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function QueryScreen() {
  return (
    <Page title="Query">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
