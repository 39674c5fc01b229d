import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function UploadScreen() {
  return (
    <Page title="Bulk upload">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
