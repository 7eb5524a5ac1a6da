"""Logs in to the agent with a Redfish session through OpenStack sushy and walks the whole tree.

Usage: sushy_walk.py BASE_URL USER PASSWORD CA_FILE
Prints one line per resource read and a final 'walked N resources'; exits non-zero on any failure.
"""
import collections
import sys

import sushy
from sushy import auth

base, user, password, ca = sys.argv[1:5]
conn = sushy.Sushy(base, verify=ca, auth=auth.SessionAuth(username=user, password=password))
print('service', conn.redfish_version, conn.uuid)
for chassis in conn.get_chassis_collection().get_members():
    print('chassis', chassis.identity, chassis.chassis_type)
for manager in conn.get_manager_collection().get_members():
    print('manager', manager.identity, manager.manager_type)
print('session timeout', conn.get_session_service().session_timeout)

# Walk every linked resource through sushy's own (session-authenticated) connector.
seen, queue = set(), collections.deque(['/redfish/v1/'])
while queue:
    path = queue.popleft()
    if path in seen:
        continue
    seen.add(path)
    body = conn._conn.get(path=path).json()

    def links(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == '@odata.id' and isinstance(value, str):
                    queue.append(value.split('#')[0])
                else:
                    links(value)
        elif isinstance(node, list):
            for item in node:
                links(item)

    links(body)
print('walked', len(seen), 'resources')
