import { BranchPage } from './BranchPage.tsx';

/** /bus/agent: the agents of a distributor's branch (all agents for administrators). */
export default function AgentPage() {
  return <BranchPage kind="agent" />;
}
