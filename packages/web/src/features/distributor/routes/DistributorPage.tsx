import { BranchPage } from './BranchPage.tsx';

/** /bus/distributor: distributor management (administrators). */
export default function DistributorPage() {
  return <BranchPage kind="distributor" />;
}
