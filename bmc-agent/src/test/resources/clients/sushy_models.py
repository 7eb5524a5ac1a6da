"""Loads every resource OpenStack sushy models from the agent, through sushy's own classes, and touches every field.

Usage: sushy_models.py BASE_URL USER PASSWORD CA_FILE

From each service sushy offers (systems, chassis, managers, fabrics, composition, update, sessions, events,
tasks), every member is loaded as sushy's own class (System, Chassis, ...), every field that class declares is
read, every read-only 'get_...' query is asked, and every linked resource sushy models (processors, endpoints,
resource blocks, firmware inventory, ...) is loaded the same way, once per URI. A link the resource does not
carry is fine (Redfish makes nearly all of them optional; sushy raises MissingAttributeError naming the resource
itself); a resource sushy cannot load (a missing required property, a value it cannot map) is a failure.
Prints 'loaded CLASS URI' per resource, 'absent CLASS.ATTRIBUTE' per link the agent leaves out, 'count CLASS N'
per class and 'failed ...' per failure; exits 1 on any failure.
"""
import collections
import inspect
import sys

import sushy
from sushy import auth
from sushy import exceptions
from sushy.resources import base
from sushy.resources.compositionservice import resourceblock
from sushy.resources.compositionservice import resourcezone

base_url, user, password, ca = sys.argv[1:5]
conn = sushy.Sushy(base_url, verify=ca, auth=auth.SessionAuth(username=user, password=password))

# Methods that need arguments are not queries (and none of sushy's get_* methods changes anything).
NOT_QUERIES = {'get_oem_extension'}
# ResourceBase's own plumbing, not part of a model.
PLUMBING = {'json', 'root', 'registries', 'path', 'resource_name'}
# Broken in sushy 4.3 itself whatever the service sends: the composition service's two collections (see
# composition_service(), which loads them), Task.is_processing (it reads a status code only a TaskMonitor has) and
# ResourceZone.oem_vendors (ResourceZone's own Links field lacks the oem_vendors every other Links has).
SUSHY_BUGS = {'CompositionService.resource_blocks', 'CompositionService.resource_zones', 'Task.is_processing',
              'ResourceZone.oem_vendors'}

seen = set()
counts = collections.Counter()
failures = []


def touch(value):
    """Reads a field's value through, composite fields included (they are mappings of sub-fields)."""
    if isinstance(value, base.CompositeField):
        return {key: touch(value[key]) for key in value}
    if isinstance(value, list):
        return [touch(item) for item in value]
    return value


def fail(what, error):
    failures.append('%s: %s: %s' % (what, type(error).__name__, error))
    print('failed', what, type(error).__name__, error)


def visit(resource):
    if resource.path in seen:
        return
    seen.add(resource.path)
    name = type(resource).__name__
    counts[name] += 1
    print('loaded', name, resource.path)
    cls = type(resource)
    for attr in sorted(dir(cls)):
        if attr.startswith('_') or attr in PLUMBING or '%s.%s' % (name, attr) in SUSHY_BUGS:
            continue
        member = getattr(cls, attr)
        if isinstance(member, base.Field):
            touch(getattr(resource, attr))
        elif isinstance(member, property):
            follow(resource, attr, lambda: getattr(resource, attr))
        elif attr.startswith('get_') and attr not in NOT_QUERIES and callable(member) and takes_nothing(member):
            follow(resource, attr, getattr(resource, attr))


def takes_nothing(method):
    params = list(inspect.signature(method).parameters.values())[1:]
    return all(p.default is not inspect.Parameter.empty for p in params)


def absent_link(resource, error):
    """sushy's word for 'this resource carries no such link or action' (the resource itself is named)."""
    if isinstance(error, exceptions.MissingActionError):
        return True
    if isinstance(error, exceptions.MissingAttributeError):
        # UpdateService names the absent inventory's path (None) where the others name the resource
        return str(error).endswith('resource ' + resource.path) or str(error).endswith('resource None')
    # sushy 4.3 reads '_actions.reset' and 'links.oem_vendors' without checking that the resource has Actions or
    # Links at all (Redfish makes both optional, and collections have no Links).
    if isinstance(error, AttributeError) and "'NoneType'" in str(error):
        return ('reset' in str(error) and resource.json.get('Actions') is None) or (
            'oem_vendors' in str(error) and resource.json.get('Links') is None)
    return False


def follow(resource, attr, read):
    what = '%s.%s' % (type(resource).__name__, attr)
    try:
        value = read()
    except Exception as e:  # noqa: anything but an absent link is sushy failing on our payload
        if absent_link(resource, e):
            print('absent', what)
        else:
            fail(what, e)
        return
    load(value)


def composition_service():
    """sushy 4.3's CompositionService.resource_blocks and .resource_zones hand their collection classes the path
    method instead of the path (not called), so they cannot load anything; the same classes are loaded here from
    the paths sushy's own helpers find."""
    service = conn.get_composition_service()
    visit(service)
    for path, cls in ((service._get_resource_blocks_collection_path(), resourceblock.ResourceBlockCollection),
                      (service._get_resource_zones_collection_path(), resourcezone.ResourceZoneCollection)):
        load(cls(conn._conn, path, redfish_version=service.redfish_version, root=service.root))
    return service


def load(value):
    if isinstance(value, base.ResourceCollectionBase):
        visit(value)
        for identity in value.members_identities:  # one by one, so that one member failing hides no other
            try:
                visit(value.get_member(identity))
            except Exception as e:  # noqa: sushy cannot load this member
                fail(identity, e)
    elif isinstance(value, base.ResourceBase):
        visit(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            load(item)


services = [
    ('systems', conn.get_system_collection),
    ('chassis', conn.get_chassis_collection),
    ('managers', conn.get_manager_collection),
    ('fabrics', conn.get_fabric_collection),
    ('composition', composition_service),
    ('update', conn.get_update_service),
    ('sessions', conn.get_session_service),
    ('events', conn.get_event_service),
    ('tasks', conn.get_task_service),
]
for label, get in services:
    try:
        load(get())
    except Exception as e:  # noqa: a service sushy cannot even open
        fail(label, e)

for name, n in sorted(counts.items()):
    print('count', name, n)
print('failures', len(failures))
sys.exit(1 if failures else 0)
