namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>How a host was written in the connection string.</summary>
public enum MongoHostType
{
    Ipv4,

    /// <summary>An IPv6 address in brackets, e.g. [::1].</summary>
    IpLiteral,

    Hostname,

    /// <summary>A percent-encoded path to a Unix domain socket, e.g. %2Ftmp%2Fmongodb-27017.sock.</summary>
    Unix,
}
