using System.Net;
using MongoDB.Bson;
using MongoDB.Driver;
using MongoDB.Driver.Core.Clusters;
using MongoDB.Driver.Core.Connections;
using MongoDB.Driver.Core.Servers;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>MongoDB driver exceptions as the driver raises them, without a server: what the classifier's tests hand it.</summary>
internal static class DriverErrors
{
    /// <summary>A command's error: the server's answer <paramref name="result"/> to a command the store sent.</summary>
    public static MongoCommandException Command(BsonDocument result, string command = "commitTransaction") =>
        new(Connection(), "command failed", new BsonDocument(command, 1), result);

    /// <summary>A connection of a server that does not exist, for the exceptions that name one.</summary>
    public static ConnectionId Connection() => new(new ServerId(new ClusterId(1), new DnsEndPoint("db", 27017)), 1);
}
