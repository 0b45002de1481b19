// The worker of Explore's nullity sweep: core's task runner, nothing else.
// nullitySweep (on the page) starts it through its createWorker option, sends
// it runs of consecutive n and reads back their nullities.

import { serveNullityTasks } from "@lightsout/core/nullity";

void serveNullityTasks();
