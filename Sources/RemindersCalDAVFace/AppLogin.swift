import RemindersAppPasswords
import RemindersHTTPServer
import RemindersModel
import RemindersStore

/// Who a request is from: the app its Basic credentials name, its password checked against the
/// stored hash (or found in the login cache), and its grant as the store has it now — so a grant
/// revoked with `permissions set` is refused at the app's next request. A wrong name and a wrong
/// password are refused alike, so the answer does not tell which apps exist.
struct AppLogin {
    var app: DAVApp
    /// The grant of each kind the app may see, with its lists when it is for chosen ones.
    var grants: [EntityType: Grant]

    struct Grant {
        var status: AuthorizationStatus
        var scope: CalendarScope?
    }

    static let realm = "remindersd"

    static func check(_ credentials: BasicCredentials?, in eventStore: EventStore, cache: LoginCache) throws(FaceError) -> AppLogin {
        guard let credentials else { throw unauthorized("log in with the app's name and the password `remindersd dav add-app` printed") }
        // The app and its grants from one snapshot; the slow hash is paid outside it.
        let found: (DAVApp, [EntityType: Grant])?
        do {
            found = try eventStore.read { store throws(StoreError) -> (DAVApp, [EntityType: Grant])? in
                guard let app = try store.davApp(named: credentials.user) else { return nil }
                var grants: [EntityType: Grant] = [:]
                for kind in EntityType.allCases {
                    let status = try store.authorizationStatus(client: app.name, program: DAVApp.program, entityType: kind)
                    guard status == .fullAccess || status == .writeOnly else { continue }
                    grants[kind] = Grant(
                        status: status, scope: try store.authorizationScope(client: app.name, program: DAVApp.program, entityType: kind))
                }
                return (app, grants)
            }
        } catch {
            throw FaceError(status: 503, message: "the store cannot be read: \(error)")
        }
        guard let (app, grants) = found else { throw unauthorized("wrong app name or password") }
        let known = cache.holds(user: app.name, password: credentials.password, storedHash: app.passwordHash)
        guard known || PasswordHash.verify(credentials.password, against: app.passwordHash) else {
            throw unauthorized("wrong app name or password")
        }
        if !known { cache.remember(user: app.name, password: credentials.password, storedHash: app.passwordHash) }
        guard !grants.isEmpty else {
            throw unauthorized(
                "\(app.name) may not use the store now (the owner can grant it again with remindersd permissions set \(app.name) fullAccess --program caldav)"
            )
        }
        return AppLogin(app: app, grants: grants)
    }

    /// 401 with the challenge that makes a client ask for the password.
    static func unauthorized(_ message: String) -> FaceError { FaceError(status: 401, message: message) }
}
