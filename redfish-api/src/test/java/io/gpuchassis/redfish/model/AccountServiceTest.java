package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AccountService v1_18_1, ManagerAccount v1_14_1 and Role v1_3_3 serialize to Redfish property
 * names.
 */
class AccountServiceTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void accountService() throws Exception {
    AccountService service =
        new AccountService()
            .atOdataId("/redfish/v1/AccountService")
            .atOdataType("#AccountService.v1_18_1.AccountService")
            .id("AccountService")
            .name("Account Service")
            .serviceEnabled(true)
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .minPasswordLength(8)
            .maxPasswordLength(64)
            .passwordGuidanceMessage("Use 8 to 64 characters.")
            .accountLockoutThreshold(5)
            .accountLockoutDuration(300)
            .accountLockoutCounterResetAfter(60)
            .accountLockoutCounterResetEnabled(true)
            .authFailureLoggingThreshold(3)
            .supportedAccountTypes(List.of(AccountTypes.REDFISH, AccountTypes.WEB_UI))
            .htTPBasicAuth(BasicAuthState.UNADVERTISED)
            .localAccountAuth(LocalAccountAuth.ENABLED)
            .accounts(ref("/redfish/v1/AccountService/Accounts"))
            .roles(ref("/redfish/v1/AccountService/Roles"));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/AccountService",
                  "@odata.type": "#AccountService.v1_18_1.AccountService",
                  "Id": "AccountService",
                  "Name": "Account Service",
                  "ServiceEnabled": true,
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "MinPasswordLength": 8,
                  "MaxPasswordLength": 64,
                  "PasswordGuidanceMessage": "Use 8 to 64 characters.",
                  "AccountLockoutThreshold": 5,
                  "AccountLockoutDuration": 300,
                  "AccountLockoutCounterResetAfter": 60,
                  "AccountLockoutCounterResetEnabled": true,
                  "AuthFailureLoggingThreshold": 3,
                  "SupportedAccountTypes": ["Redfish", "WebUI"],
                  "HTTPBasicAuth": "Unadvertised",
                  "LocalAccountAuth": "Enabled",
                  "Accounts": {"@odata.id": "/redfish/v1/AccountService/Accounts"},
                  "Roles": {"@odata.id": "/redfish/v1/AccountService/Roles"}
                }
                """,
            service);

    assertAbsent(actual, "@odata.context", "@odata.etag", "Description", "Oem");
  }

  @Test
  void accountServiceEnumStrings() throws Exception {
    assertSerializesTo(
        """
                {"HTTPBasicAuth": "Disabled", "LocalAccountAuth": "LocalFirst",
                 "SupportedAccountTypes": ["HostConsole", "ManagerConsole", "IPMI", "KVMIP", "VirtualMedia",
                                           "SNMP", "OEM", "ControlPanel"]}
                """,
        new AccountService()
            .htTPBasicAuth(BasicAuthState.DISABLED)
            .localAccountAuth(LocalAccountAuth.LOCAL_FIRST)
            .supportedAccountTypes(
                List.of(
                    AccountTypes.HOST_CONSOLE,
                    AccountTypes.MANAGER_CONSOLE,
                    AccountTypes.IPMI,
                    AccountTypes.KVMIP,
                    AccountTypes.VIRTUAL_MEDIA,
                    AccountTypes.SNMP,
                    AccountTypes.OEM,
                    AccountTypes.CONTROL_PANEL)));
    assertEquals("Fallback", LocalAccountAuth.FALLBACK.getValue());
    assertEquals("Enabled", BasicAuthState.ENABLED.getValue());
  }

  @Test
  void managerAccountResponseHasEtagAndNoPassword() throws Exception {
    ManagerAccount account =
        new ManagerAccount()
            .atOdataId("/redfish/v1/AccountService/Accounts/1")
            .atOdataType("#ManagerAccount.v1_14_1.ManagerAccount")
            .atOdataEtag("W/\"a1b2\"")
            .id("1")
            .name("User Account")
            .description("Administrator account")
            .userName("admin")
            .roleId("Administrator")
            .enabled(true)
            .locked(false)
            .passwordChangeRequired(true)
            .passwordExpiration(OffsetDateTime.of(2026, 1, 31, 12, 0, 0, 0, ZoneOffset.UTC))
            .addAccountTypesItem(AccountTypes.REDFISH)
            .links(
                new ManagerAccountLinks()
                    .role(ref("/redfish/v1/AccountService/Roles/Administrator")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/AccountService/Accounts/1",
                  "@odata.type": "#ManagerAccount.v1_14_1.ManagerAccount",
                  "@odata.etag": "W/\\"a1b2\\"",
                  "Id": "1",
                  "Name": "User Account",
                  "Description": "Administrator account",
                  "UserName": "admin",
                  "RoleId": "Administrator",
                  "Enabled": true,
                  "Locked": false,
                  "PasswordChangeRequired": true,
                  "PasswordExpiration": "2026-01-31T12:00:00Z",
                  "AccountTypes": ["Redfish"],
                  "Links": {"Role": {"@odata.id": "/redfish/v1/AccountService/Roles/Administrator"}}
                }
                """,
            account);

    assertAbsent(actual, "Password", "@odata.context", "Oem");
  }

  @Test
  void managerAccountCreateRequestReadsPassword() throws Exception {
    ManagerAccount request =
        MAPPER.readValue(
            """
                {"UserName": "operator", "Password": "s3cret-Pa55", "RoleId": "Operator", "AccountTypes": ["Redfish"]}
                """,
            ManagerAccount.class);

    assertEquals("operator", request.getUserName());
    assertEquals("s3cret-Pa55", request.getPassword());
    assertEquals("Operator", request.getRoleId());
    assertEquals(List.of(AccountTypes.REDFISH), request.getAccountTypes());
    assertNull(request.getEnabled());
    assertNull(request.getLinks());
  }

  @Test
  void minimalManagerAccountOmitsUnsetArraysAndLinks() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {"Id": "2", "Name": "User Account", "UserName": "operator"}
                """,
            new ManagerAccount().id("2").name("User Account").userName("operator"));
    assertAbsent(actual, "AccountTypes", "Links", "Password", "PasswordExpiration", "Enabled");
  }

  @Test
  void role() throws Exception {
    Role role =
        new Role()
            .atOdataId("/redfish/v1/AccountService/Roles/Operator")
            .atOdataType("#Role.v1_3_3.Role")
            .id("Operator")
            .name("User Role")
            .description("Operator User Role")
            .roleId("Operator")
            .isPredefined(true)
            .restricted(false)
            .assignedPrivileges(
                List.of(
                    PrivilegeType.LOGIN,
                    PrivilegeType.CONFIGURE_SELF,
                    PrivilegeType.CONFIGURE_COMPONENTS))
            .addOemPrivilegesItem("OemClearLog");

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/AccountService/Roles/Operator",
                  "@odata.type": "#Role.v1_3_3.Role",
                  "Id": "Operator",
                  "Name": "User Role",
                  "Description": "Operator User Role",
                  "RoleId": "Operator",
                  "IsPredefined": true,
                  "Restricted": false,
                  "AssignedPrivileges": ["Login", "ConfigureSelf", "ConfigureComponents"],
                  "OemPrivileges": ["OemClearLog"]
                }
                """,
            role);
    assertAbsent(actual, "@odata.etag", "Oem");

    JsonNode admin =
        assertSerializesTo(
            """
                {"RoleId": "Administrator",
                 "AssignedPrivileges": ["Login", "ConfigureManager", "ConfigureUsers", "ConfigureSelf",
                                        "ConfigureComponents"]}
                """,
            new Role()
                .roleId("Administrator")
                .assignedPrivileges(
                    List.of(
                        PrivilegeType.LOGIN,
                        PrivilegeType.CONFIGURE_MANAGER,
                        PrivilegeType.CONFIGURE_USERS,
                        PrivilegeType.CONFIGURE_SELF,
                        PrivilegeType.CONFIGURE_COMPONENTS)));
    assertAbsent(admin, "OemPrivileges", "IsPredefined", "Restricted");
    assertEquals("NoAuth", PrivilegeType.NO_AUTH.getValue());
  }

  private static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
  }

  private static void assertAbsent(JsonNode node, String... names) {
    for (String name : names) {
      assertFalse(node.has(name), name + " must be absent");
    }
  }

  /**
   * Serializes {@code model} to text and compares the parsed result with {@code expectedJson} as
   * trees.
   */
  private static JsonNode assertSerializesTo(String expectedJson, Object model)
      throws JsonProcessingException {
    JsonNode expected = MAPPER.readTree(expectedJson);
    JsonNode actual = MAPPER.readTree(MAPPER.writeValueAsString(model));
    assertEquals(
        expected,
        actual,
        () -> "expected " + expected.toPrettyString() + "\nbut was " + actual.toPrettyString());
    return actual;
  }
}
