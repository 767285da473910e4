import Hummingbird
import NIOCore
import PlaceBytes
import PlacesKit

/// Responses with a JSON document as their body.
enum JSONResponse {
    static func make(_ value: JSONValue, status: HTTPResponse.Status = .ok, type: String = "application/json") -> Response {
        Response(
            status: status, headers: [.contentType: type],
            body: .init(byteBuffer: ByteBuffer(string: value.serialized() + "\n")))
    }

    static func geo(_ value: JSONValue) -> Response { make(value, type: "application/geo+json") }
}

/// The documents an endpoint can answer in, chosen by `format`.
enum DocumentFormat: String, CaseIterable {
    case json, geojson
}
