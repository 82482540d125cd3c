import RemindersCalDAV
import Foundation
import RemindersModel

/// A Nominatim-compatible geocoder at `base` (nominatim.openstreetmap.org's API, or a
/// self-hosted one): `/search` for an address, `/reverse` for a coordinate.
public struct Geocoder: Sendable {
    /// Why no answer came: the service could not be asked (`unreachable`), or answered with
    /// something that is not a geocoder's answer.
    public enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        case unreachable(String)
        case malformed(String)

        public var description: String {
            switch self {
            case .unreachable(let why): return "the geocoder cannot be reached: \(why)"
            case .malformed(let why): return "the geocoder's answer is not Nominatim's: \(why)"
            }
        }
    }

    public let base: URL
    let client: HTTPClient

    public init(base: URL, timeout: TimeInterval = 15) {
        self.base = base
        client = HTTPClient(credentials: nil, timeout: timeout, maximumResponseSize: 4 << 20)
    }

    public func search(_ address: String, limit: Int = 5) throws(Failure) -> [Placemark] {
        try ask("search", ["q": address, "limit": String(limit)])
    }

    public func reverse(_ location: GeoLocation) throws(Failure) -> [Placemark] {
        try ask("reverse", ["lat": String(location.latitude), "lon": String(location.longitude)])
    }

    private func ask(_ endpoint: String, _ query: [String: String]) throws(Failure) -> [Placemark] {
        var components = URLComponents(url: base.appendingPathComponent(endpoint), resolvingAgainstBaseURL: false)
        components?.queryItems =
            query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } + [
                URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "addressdetails", value: "1"),
            ]
        guard let url = components?.url else { throw .unreachable("\(base) is no URL to ask") }
        let response: HTTPResponse
        do { response = try client.send(HTTPRequest("GET", url, headers: ["Accept": "application/json"])) } catch {
            throw .unreachable(error.description)
        }
        guard (200..<300).contains(response.status) else { throw .unreachable("it answered \(response.status) to \(endpoint)") }
        guard let placemarks = NominatimReading.placemarks(Array(response.body)) else {
            throw .malformed("\(endpoint) answered \(String(decoding: response.body.prefix(80), as: UTF8.self))")
        }
        return placemarks
    }
}
