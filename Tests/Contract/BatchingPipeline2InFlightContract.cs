using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class BatchingPipeline2InFlightContract(LabStores stores) : CommitStrategyContract(stores, "BatchingPipeline2InFlight");
