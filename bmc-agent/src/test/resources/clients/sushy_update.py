"""Updates a switch's firmware through OpenStack sushy's UpdateService.simple_update, as Ironic does.

Usage: sushy_update.py BASE_URL USER PASSWORD CA_FILE IMAGE_URI TARGET_URI
Prints the service, the inventory before and after, and the task monitor's end; exits non-zero on any failure.
"""
import sys
import time

import sushy
from sushy import auth

base, user, password, ca, image_uri, target = sys.argv[1:7]
conn = sushy.Sushy(base, verify=ca, auth=auth.SessionAuth(username=user, password=password))
service = conn.get_update_service()
print('service enabled', service.service_enabled)
print('protocols', sorted(p.value for p in service.get_allowed_transfer_protocols()))
for item in service.firmware_inventory.get_members():
    print('before', item.identity, item.version)

monitor = service.simple_update(image_uri, targets=[target], transfer_protocol='HTTP')
# sushy polls the Task named in the 202's body (not the Location monitor); the Task answers 200 while it runs, so
# the client waits on its TaskState, as Ironic does.
task = monitor.task
deadline = time.time() + 60
while task.task_state.value in ('New', 'Starting', 'Running', 'Pending'):
    if time.time() > deadline:
        sys.exit('the update did not end within 60 s')
    time.sleep(0.5)
    task.refresh()
print('task', task.task_state.value, task.percent_complete)
for message in task.messages:
    print('message', message.message_id)

service.firmware_inventory.refresh()
for item in service.firmware_inventory.get_members():
    print('after', item.identity, item.version)
