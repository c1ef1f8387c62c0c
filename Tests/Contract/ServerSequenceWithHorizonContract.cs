using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class ServerSequenceWithHorizonContract(LabStores stores) : CommitStrategyContract(stores, "ServerSequenceWithHorizon");
